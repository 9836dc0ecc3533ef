import fs from 'node:fs';
import { afterAll } from 'vitest';

// A test server's clock, moved forward by the test: the server loads fake-clock-preload.mjs.

/** Sets the clock of servers started with `fakeClockEnv(file)` to `at`. */
export function setFakeClock(file: string, at: Date | number): void {
  fs.writeFileSync(file, String(new Date(at).getTime() - Date.now()));
}

/** setFakeClock, then waits until the server has read it (it reads the file at most every 20 ms). */
export async function moveFakeClock(file: string, at: Date | number): Promise<void> {
  setFakeClock(file, at);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * The environment of a server (or command) whose clock is `file`'s, set to the real time first.
 * Called where a suite is declared: the file goes when the suite ends.
 */
export function fakeClockEnv(file: string): Record<string, string> {
  fs.writeFileSync(file, '0');
  afterAll(() => fs.rmSync(file, { force: true }));
  return fakeClockJoined(file);
}

/** The environment of a command on the same machine as a server started with fakeClockEnv(file): the same clock, left where it is. */
export function fakeClockJoined(file: string): Record<string, string> {
  return { FAKE_CLOCK_FILE: file, NODE_OPTIONS: `--import ${new URL('./fake-clock-preload.mjs', import.meta.url).pathname}` };
}
