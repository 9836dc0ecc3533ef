import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
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
 * too), for a check an administrator makes a few times a year: checks run in a Node process of
 * their own (password-check-child), which exits once no check has come for IDLE_MS. The wait lets
 * the next attempt after a refusal, or the next of several accounts, answer at once instead of
 * starting Node and the dictionaries again (about a second on a small host). Passwords go through
 * stdin, never the arguments. Beside this file: .ts in src/, .js compiled in dist-node/.
 */
const CHILD = fileURLToPath(new URL(`./password-check-child${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
const IDLE_MS = 30_000;

const PASSWORD_NOT_CHECKED = 'The password could not be checked just now. Please try again in a minute.';

/**
 * Why a new password is too easy to guess, in a sentence for the person choosing it, or null when
 * it is not. `userInputs` are words a guesser would try first here (the username, the club's name).
 */
export type PasswordChecker = (password: string, userInputs: string[]) => Promise<string | null>;

interface Outcome {
  score: number;
  warning: string | null;
  suggestions: string[];
}

/** The checker the site uses: one check at a time, so that a burst cannot start many processes. */
export function createPasswordChecker(log: Logger, { idleMs = IDLE_MS }: { idleMs?: number } = {}): PasswordChecker {
  let queue: Promise<unknown> = Promise.resolve();
  let checker: CheckerProcess | undefined;
  let idle: NodeJS.Timeout | undefined;
  return (password, userInputs) => {
    const run = queue.then(async () => {
      clearTimeout(idle);
      // A process kept from an earlier check may have died since (killed, out of memory): one more try in a new one.
      for (let attempt = checker?.alive ? 1 : 2; ; attempt++) {
        if (!checker?.alive) checker = startCheckerProcess();
        const current = checker;
        try {
          return judge(await current.check({ password, userInputs }));
        } catch (error) {
          current.kill();
          if (attempt < 2) continue;
          log.error({ err: error }, 'a new password could not be checked');
          throw new BusyError(PASSWORD_NOT_CHECKED, 60);
        } finally {
          clearTimeout(idle);
          idle = setTimeout(() => current.end(), idleMs).unref();
        }
      }
    });
    queue = run.catch(() => {});
    return run;
  };
}

function judge(outcome: Outcome): string | null {
  if (outcome.score >= LEAST_SCORE) return null;
  const why = outcome.warning ? ` ${outcome.warning}` : '';
  const what = outcome.suggestions.length > 0 ? ` ${outcome.suggestions.join(' ')}` : ` Try ${PASSWORD_ADVICE}`;
  return `This password is too easy to guess.${why}${what}`;
}

interface CheckerProcess {
  readonly alive: boolean;
  check(request: { password: string; userInputs: string[] }): Promise<Outcome>;
  /** Closes its stdin: it exits. */
  end(): void;
  kill(): void;
}

/**
 * One line of JSON each way per check. While it waits for the next check it holds nothing open in
 * this process's event loop: a command (npm run admin) ends when its work does, and the checker
 * then reads the end of its stdin and exits.
 */
function startCheckerProcess(): CheckerProcess {
  const child = spawn(process.execPath, [CHILD], { stdio: ['pipe', 'pipe', 'pipe'] });
  // Node types the pipes as plain streams; they are sockets, which can be left out of the event loop.
  const handles = [child, ...([child.stdin, child.stdout, child.stderr] as unknown as Socket[])];
  let alive = true;
  let out = '';
  let err = '';
  let waiting: { resolve: (outcome: Outcome) => void; reject: (error: Error) => void } | undefined;
  const settle = (settling: (pending: NonNullable<typeof waiting>) => void) => {
    const pending = waiting;
    waiting = undefined;
    for (const handle of handles) handle.unref();
    if (pending) settling(pending);
  };
  child.stdout.setEncoding('utf8'); // a character split between two chunks stays whole
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    const end = out.indexOf('\n');
    if (end < 0) return;
    const line = out.slice(0, end);
    out = out.slice(end + 1);
    settle((pending) => {
      try {
        pending.resolve(JSON.parse(line) as Outcome);
      } catch (error) {
        pending.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (err.length < 2000) err += chunk.toString();
  });
  const gone = (error: Error) => {
    alive = false;
    settle((pending) => pending.reject(error));
  };
  child.on('error', gone);
  child.on('close', (code) => gone(new Error(`the check exited with ${code}: ${err.slice(0, 500)}`)));
  child.stdin.on('error', () => {}); // a child that died early: 'close' says so
  for (const handle of handles) handle.unref();
  return {
    get alive() {
      return alive;
    },
    check(request) {
      return new Promise<Outcome>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the check took more than ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
        waiting = {
          resolve: (outcome) => (clearTimeout(timer), resolve(outcome)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        };
        for (const handle of handles) handle.ref();
        child.stdin.write(`${JSON.stringify(request)}\n`);
      });
    },
    end: () => child.stdin.end(),
    kill: () => {
      alive = false;
      child.kill('SIGKILL');
    },
  };
}
