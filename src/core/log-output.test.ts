import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLogOutput } from './log-output.ts';

const MESSAGES: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EIO: 'i/o error',
  EAGAIN: 'resource temporarily unavailable',
  EBUSY: 'resource busy or locked',
  EPIPE: 'broken pipe',
};
const failure = (code: string) => Object.assign(new Error(`${code}: ${MESSAGES[code]}, write`), { code });

/** A standard output whose next writes fail as `plan` says (a code, or a number of bytes taken), then take all. */
function output(plan: (string | number)[] = []) {
  const written: string[] = [];
  let calls = 0;
  const writeSync = (_fd: number, data: Buffer) => {
    calls++;
    const next = plan.shift();
    if (typeof next === 'string') throw failure(next);
    const taken = typeof next === 'number' ? Math.min(next, data.length) : data.length;
    written.push(data.subarray(0, taken).toString());
    return taken;
  };
  return { written, writeSync, text: () => written.join(''), calls: () => calls };
}

const clock = () => {
  let at = Date.parse('2026-11-30T12:00:00Z');
  return { now: () => new Date((at += 1000)) };
};

describe('createLogOutput', () => {
  it('writes each line whole, taking up a short write where it stopped', () => {
    const out = output([5]);
    const log = createLogOutput(1, { writeSync: out.writeSync });
    log.write('{"msg":"one"}\n');
    log.write('{"msg":"two"}\n');
    expect(out.text()).toBe('{"msg":"one"}\n{"msg":"two"}\n');
  });

  it('drops the lines a full disk refuses, and the first written after says how many, since when and why', () => {
    const out = output(['ENOSPC', 'ENOSPC', 'ENOSPC']);
    const log = createLogOutput(1, { writeSync: out.writeSync, ...clock() });
    expect(() => ['a', 'b', 'c'].forEach((line) => log.write(`{"msg":"${line}"}\n`))).not.toThrow();
    log.write('{"msg":"d"}\n');
    const lines = out.text().split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 40,
      time: '2026-11-30T12:00:04.000Z', // each try while failing dates its notice anew
      service: 'club-website',
      lostLines: 3,
      lostSince: '2026-11-30T12:00:01.000Z',
      msg: '3 log lines could not be written since 2026-11-30T12:00:01.000Z (ENOSPC: no space left on device); the site kept serving',
    });
    expect(lines[1]).toBe('{"msg":"d"}');
    log.write('{"msg":"e"}\n');
    expect(out.text().endsWith('{"msg":"d"}\n{"msg":"e"}\n')).toBe(true);
  });

  it('while failing, tries each line once, so that a full disk costs a request no wait', () => {
    const out = output(['EIO', 'EAGAIN', 'EAGAIN']);
    const log = createLogOutput(1, { writeSync: out.writeSync, ...clock() });
    log.write('{"msg":"a"}\n');
    const started = Date.now();
    log.write('{"msg":"b"}\n');
    expect(Date.now() - started).toBeLessThan(200);
    expect(out.calls()).toBe(2);
    log.write('{"msg":"c"}\n');
    expect(out.calls()).toBe(3);
    log.write('{"msg":"d"}\n');
    expect(JSON.parse(out.text().split('\n')[0]!)).toMatchObject({ lostLines: 3 });
    expect(out.text()).toContain('(EIO: i/o error)');
  });

  it('waits a little for a busy pipe rather than drop the line', () => {
    const out = output(['EAGAIN', 'EAGAIN', 'EBUSY']);
    const log = createLogOutput(1, { writeSync: out.writeSync });
    log.write('{"msg":"a"}\n');
    expect(out.text()).toBe('{"msg":"a"}\n');
  });

  it('gives up on a pipe that stays busy for a second, and says so once it takes lines again', () => {
    let busy = true;
    const written: string[] = [];
    const writeSync = (_fd: number, data: Buffer) => {
      if (busy) throw failure('EAGAIN');
      written.push(data.toString());
      return data.length;
    };
    const log = createLogOutput(1, { writeSync });
    const started = Date.now();
    log.write('{"msg":"a"}\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(3000);
    busy = false;
    log.write('{"msg":"b"}\n');
    expect(JSON.parse(written[0]!)).toMatchObject({
      lostLines: 1,
      msg: expect.stringContaining('(EAGAIN: resource temporarily unavailable)'),
    });
    expect(written[1]).toBe('{"msg":"b"}\n');
  });

  it('starts its notice on a line of its own after a line cut short', () => {
    const out = output([4, 'ENOSPC']);
    const log = createLogOutput(1, { writeSync: out.writeSync, ...clock() });
    log.write('{"msg":"cut"}\n');
    log.write('{"msg":"next"}\n');
    const lines = out.text().split('\n');
    expect(lines[0]).toBe('{"ms');
    expect(JSON.parse(lines[1]!)).toMatchObject({ lostLines: 1 });
    expect(lines[2]).toBe('{"msg":"next"}');
  });

  it('stops writing once the reader has gone for good (a broken pipe)', () => {
    const out = output(['EPIPE']);
    const log = createLogOutput(1, { writeSync: out.writeSync });
    log.write('{"msg":"a"}\n');
    log.write('{"msg":"b"}\n');
    expect(out.calls()).toBe(1);
    expect(out.text()).toBe('');
  });
});

describe('ignoreOutputFailures', () => {
  // console.* lets a failed write go, but a library writing to the streams themselves does not.
  const script = (ignore: boolean) =>
    `${ignore ? `import { ignoreOutputFailures } from ${JSON.stringify(new URL('./log-output.ts', import.meta.url).href)}; ignoreOutputFailures();` : ''}
     process.stderr.write('a warning\\n'); process.stdout.write('a line\\n'); setTimeout(() => process.exit(0), 100);`;
  const run = (ignore: boolean) => {
    const full = fs.openSync('/dev/full', 'w');
    try {
      return spawnSync(process.execPath, ['--input-type=module', '-e', script(ignore)], { stdio: ['ignore', full, full] }).status;
    } finally {
      fs.closeSync(full);
    }
  };

  it('keeps a process whose standard output and error are on a full disk running', () => {
    expect(run(false)).not.toBe(0);
    expect(run(true)).toBe(0);
  });
});
