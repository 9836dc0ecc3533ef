import readline from 'node:readline';

/**
 * On a terminal: asks twice without echo. Otherwise: the first line of standard input,
 * so that `printf '%s\n' "$PASSWORD" | npm run admin -- create alice` works in scripts.
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  const first = await askHidden(prompt);
  const second = await askHidden('Repeat the password: ');
  if (first !== second) {
    console.error('Refused: the two passwords differ.');
    process.exit(1);
  }
  return first;
}

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    output._writeToOutput = (text: string) => {
      // Show the prompt once, then nothing of what is typed.
      if (!prompted) {
        process.stdout.write(text);
        prompted = true;
      }
    };
    rl.question(prompt, (answer) => {
      process.stdout.write('\n');
      rl.close();
      resolve(answer);
    });
  });
}
