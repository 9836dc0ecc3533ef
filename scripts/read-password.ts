import password from '@inquirer/password';

/** Everything on standard input (a pipe or a file, not a terminal). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * On a terminal: asks twice without echo (@inquirer/password). Otherwise: the first line of
 * standard input, so that `printf '%s\n' "$PASSWORD" | npm run admin -- create alice` works in scripts.
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return (await readStdin()).split(/\r?\n/)[0] ?? '';
  const first = await password({ message: prompt.replace(/:\s*$/, '') });
  const second = await password({ message: 'Repeat the password' });
  if (first !== second) {
    console.error('Refused: the two passwords differ.');
    process.exit(1);
  }
  return first;
}

/**
 * A secret pasted once without echo on a terminal; otherwise all of standard input, so that a key
 * file works as it is: `npm run restore -- --from-bucket < backup-key.txt`.
 */
export async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return readStdin();
  return password({ message: prompt.replace(/:\s*$/, '') });
}
