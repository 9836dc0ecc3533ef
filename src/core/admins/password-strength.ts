import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../logger.ts';
import { PASSWORD_ADVICE } from './admins.schema.ts';
import { BusyError } from '../shared/limiter.ts';

// A password of 12 characters can still be one of the first a guesser tries ('password1234',
// 'qwertyuiop12', 'admin12345678'), and sign-ins allow a patient botnet 10 guesses a minute at a
// username ('admin' is the sign-in form's own example). zxcvbn-ts estimates how many guesses a
// password needs from lists of common passwords, words and names, keyboard walks, repeats and
// dates; a new password must need at least 10^8 (its score 3), years at that rate.

/** zxcvbn's score 3: "safely unguessable: moderate protection from offline slow-hash scenario". */
const LEAST_SCORE = 3;
const CHECK_TIMEOUT_MS = 20_000;

/**
 * Its dictionaries take about 90 MB of memory that glibc does not give back (in a worker thread
 * too), for a check an administrator makes a few times a year: each check runs in a Node process
 * of its own (password-check-child) that exits after answering. The password goes through stdin,
 * never the arguments. Beside this file: .ts in src/, .js compiled in dist-node/.
 */
const CHILD = fileURLToPath(new URL(`./password-check-child${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));

const PASSWORD_NOT_CHECKED = 'The password could not be checked just now. Please try again in a minute.';

/**
 * Why a new password is too easy to guess, in a sentence for the person choosing it, or null when
 * it is not. `userInputs` are words a guesser would try first here (the username, the club's name).
 */
export type PasswordChecker = (password: string, userInputs: string[]) => Promise<string | null>;

/** The checker the site uses: one check at a time, so that a burst cannot start many processes. */
export function createPasswordChecker(log: Logger): PasswordChecker {
  let queue: Promise<unknown> = Promise.resolve();
  return (password, userInputs) => {
    const run = queue.then(() =>
      runCheck(password, userInputs).catch((error: unknown) => {
        log.error({ err: error }, 'a new password could not be checked');
        throw new BusyError(PASSWORD_NOT_CHECKED, 60);
      }),
    );
    queue = run.catch(() => {});
    return run;
  };
}

async function runCheck(password: string, userInputs: string[]): Promise<string | null> {
  const outcome = await new Promise<{ score: number; warning: string | null; suggestions: string[] }>((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: CHECK_TIMEOUT_MS,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        if (code !== 0) throw new Error(`the check exited with ${code}: ${err.slice(0, 500)}`);
        resolve(JSON.parse(out) as { score: number; warning: string | null; suggestions: string[] });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stdin.on('error', () => {}); // a child that died early: 'close' says so
    child.stdin.end(JSON.stringify({ password, userInputs }));
  });
  if (outcome.score >= LEAST_SCORE) return null;
  const why = outcome.warning ? ` ${outcome.warning}` : '';
  const what = outcome.suggestions.length > 0 ? ` ${outcome.suggestions.join(' ')}` : ` Try ${PASSWORD_ADVICE}`;
  return `This password is too easy to guess.${why}${what}`;
}
