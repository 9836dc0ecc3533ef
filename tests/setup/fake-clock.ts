import fs from 'node:fs';

// Loaded into a test server with `--import` (never by the site itself): shifts the server's
// clock by the number of milliseconds in the file FAKE_CLOCK_FILE names, read again whenever
// it changes, so that a test can move the server's time forward (for example past midnight).

const file = process.env.FAKE_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  let checkedAt = 0;
  const currentOffset = () => {
    const real = realNow();
    if (real - checkedAt > 20) {
      checkedAt = real;
      try {
        offset = Number(fs.readFileSync(file, 'utf8')) || 0;
      } catch {
        offset = 0;
      }
    }
    return offset;
  };
  class FakeDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(realNow() + currentOffset());
      else super(...(args as [string]));
    }
    static override now(): number {
      return realNow() + currentOffset();
    }
  }
  globalThis.Date = FakeDate as DateConstructor;
}

/** Sets the clock of servers started with `fakeClockEnv(file)` to `at`. */
export function setFakeClock(file: string, at: Date | number): void {
  fs.writeFileSync(file, String(new Date(at).getTime() - Date.now()));
}

export function fakeClockEnv(file: string): Record<string, string> {
  fs.writeFileSync(file, '0');
  return { FAKE_CLOCK_FILE: file, NODE_OPTIONS: `--import ${new URL(import.meta.url).pathname}` };
}
