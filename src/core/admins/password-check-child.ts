// Run by password-strength.ts as a Node process of its own, one per check: reads
// {password, userInputs} as JSON on stdin, writes zxcvbn's score and feedback as JSON on stdout,
// and exits, taking the dictionaries' memory with it.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const { password, userInputs } = JSON.parse(input) as { password: string; userInputs: string[] };
const zxcvbn = new ZxcvbnFactory({ translations, graphs: adjacencyGraphs, dictionary: { ...commonWords, ...englishWords } });
const result = zxcvbn.check(password, userInputs);
process.stdout.write(JSON.stringify({ score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions }));
