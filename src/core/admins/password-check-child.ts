// Run by password-strength.ts as a Node process of its own: reads one {password, userInputs} as
// JSON per line on stdin, writes zxcvbn's score and feedback as one line of JSON on stdout for
// each, and exits at the end of stdin, taking the dictionaries' memory with it.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';

const zxcvbn = new ZxcvbnFactory({ translations, graphs: adjacencyGraphs, dictionary: { ...commonWords, ...englishWords } });
// Split on \n alone: JSON escapes it inside strings, but not U+2028 and U+2029, where readline splits too.
let input = '';
for await (const chunk of process.stdin) {
  input += String(chunk);
  for (let end = input.indexOf('\n'); end >= 0; end = input.indexOf('\n')) {
    const line = input.slice(0, end);
    input = input.slice(end + 1);
    const { password, userInputs } = JSON.parse(line) as { password: string; userInputs: string[] };
    const result = zxcvbn.check(password, userInputs);
    process.stdout.write(
      `${JSON.stringify({ score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions })}\n`,
    );
  }
}
