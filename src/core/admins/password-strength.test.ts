import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { BusyError } from '../shared/limiter.ts';
import { createPasswordChecker } from './password-strength.ts';

const run = promisify(execFile);
const log = createLogger('silent');
const STRONG = 'a lantern swinging over the tow path';

/** The password checkers this process has started and are still running: their process ids. */
async function checkers(): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .filter((line) => line.includes('password-check-child'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function until(condition: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the password checker', () => {
  it('refuses a password a guesser tries first, with the reason, and lets a long phrase through', async () => {
    const check = createPasswordChecker(log, { idleMs: 200 });
    expect(await check('password1234', [])).toMatch(/^This password is too easy to guess\. /);
    expect(await check('qwertyuiop12', [])).toMatch(/too easy to guess/);
    expect(await check(STRONG, [])).toBeNull();
  });

  it('answers the next checks from the same process, which exits once none has come for a while', async () => {
    // The idle wait outlasts a `ps` on a loaded machine (1.5 s did not, once, in CI).
    const check = createPasswordChecker(log, { idleMs: 5_000 });
    await check(STRONG, []);
    const [first] = await checkers();
    expect(first).toBeGreaterThan(0);
    // Line breaks, NUL, quotes and text from every script stay inside their one line of JSON.
    const hostile = ['a\nb\r\nc password', '\u0000\u0000 "quoted" \\ back', 'パスワード\u2028\u2029 🙂🙂🙂 ', STRONG];
    const answers = await Promise.all(hostile.map((password) => check(password, ['\n'])));
    expect(answers.at(-1)).toBeNull();
    expect(await checkers()).toEqual([first]);
    await until(async () => (await checkers()).length === 0, 20_000);
    expect(await check('admin12345678', [])).toMatch(/too easy to guess/);
    const [second] = await checkers();
    expect(second).not.toBe(first);
  });

  it('starts a new process when the last one died, and says "try again" for a check that died half-way', async () => {
    await until(async () => (await checkers()).length === 0, 10_000); // the tests' before
    const check = createPasswordChecker(log, { idleMs: 60_000 });
    await check(STRONG, []);
    const [idle] = await checkers();
    process.kill(idle!, 'SIGKILL');
    await until(async () => (await checkers()).length === 0, 5_000);
    expect(await check(STRONG, [])).toBeNull();

    const answer = check(STRONG + ' again', []);
    await until(async () => (await checkers()).length === 1, 5_000);
    const [busy] = await checkers();
    process.kill(busy!, 'SIGKILL');
    // Killed before or after it answered: either the answer, or a refusal to try again later.
    const outcome = await answer.then(
      (value) => value,
      (error: unknown) => error,
    );
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(BusyError);
    else expect(outcome).toBeNull();
    expect(await check(STRONG, [])).toBeNull();
  });

  it('does not keep a command running after its check: the command ends, and so does the checker', async () => {
    const script = `
      const { createPasswordChecker } = await import(${JSON.stringify(new URL('./password-strength.ts', import.meta.url).href)});
      const { createLogger } = await import(${JSON.stringify(new URL('../logger.ts', import.meta.url).href)});
      const check = createPasswordChecker(createLogger('silent'));
      console.log(await check(${JSON.stringify(STRONG)}, []));
    `;
    const started = Date.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(out.trim(), out).toBe('null');
    expect(code).toBe(0);
    // The checker waits 30 s for another check; the command did not wait for it.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
