import fs from 'node:fs';
import process from 'node:process';

// Loaded into a test server with `--import` (never by the site itself): shifts the server's
// clock by the number of milliseconds in the file FAKE_CLOCK_FILE names, read again whenever
// it changes, so that a test can move the server's time forward (for example past midnight).
// Plain JavaScript: the built server runs with Node's TypeScript stripping turned off.

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
    constructor(...args) {
      if (args.length === 0) super(realNow() + currentOffset());
      else super(...args);
    }
    static now() {
      return realNow() + currentOffset();
    }
  }
  globalThis.Date = FakeDate;
}
