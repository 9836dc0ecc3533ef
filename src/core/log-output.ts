import fs from 'node:fs';

/** How long one line may wait for a pipe whose reader is slow before it is dropped. */
const BUSY_WAIT_MS = 1000;
const BUSY_PAUSE_MS = 10;

type WriteSync = (fd: number, data: Buffer) => number;

export interface LogOutput {
  write(line: string): void;
}

/** The `service` of every log line. */
export const LOG_SERVICE = 'club-website';

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Where the server's log lines go (docs/decisions/136): written as they come (071), and never
 * the reason the site stops. Standard output is often a file on the site's own disk
 * (`npm start >> site.log`, nohup.out) or the terminal of a session that has ended: a full disk
 * (ENOSPC), a disk turned read-only (EROFS, EIO) or a hung-up terminal (EIO) failed pino's write
 * and its unhandled 'error' ended the process, so the site went down because it could not say
 * it had served a page. Lines that cannot be written are counted and dropped, each later line tries
 * again, and the first one written after says how many were lost, from when, and why. A reader
 * that has gone for good (EPIPE) ends logging, as pino does.
 */
export function createLogOutput(
  fd: number,
  { writeSync = fs.writeSync, now = () => new Date() }: { writeSync?: WriteSync; now?: () => Date } = {},
): LogOutput {
  let gone = false;
  // Lines dropped since the last that was written, and the first failure's time and reason.
  let lost: { lines: number; since: Date; reason: string } | null = null;
  // Part of a line was written before a failure: the next text starts on a line of its own.
  let midLine = false;

  /** Writes all of `data`, waiting a little for a busy pipe when `patient`; the error that stopped it. */
  function writeAll(data: Buffer, patient: boolean): NodeJS.ErrnoException | null {
    let offset = 0;
    const waitUntil = Date.now() + BUSY_WAIT_MS;
    while (offset < data.length) {
      try {
        offset += writeSync(fd, offset ? data.subarray(offset) : data);
        midLine = offset < data.length;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if ((code === 'EAGAIN' || code === 'EBUSY') && patient && Date.now() < waitUntil) {
          pause(BUSY_PAUSE_MS);
          continue;
        }
        return error as NodeJS.ErrnoException;
      }
    }
    return null;
  }

  function failed(error: NodeJS.ErrnoException): void {
    if (error.code === 'EPIPE') {
      gone = true;
      return;
    }
    if (lost) lost.lines++;
    else lost = { lines: 1, since: now(), reason: error.code ? `${error.code}: ${describe(error)}` : describe(error) };
  }

  return {
    write(line: string) {
      if (gone) return;
      if (lost) {
        // One try while failing: a full disk must not cost every request a wait.
        const notice = lostNotice(lost, now());
        const error = writeAll(Buffer.from((midLine ? '\n' : '') + notice), false);
        if (error) return failed(error);
        lost = null;
      }
      const error = writeAll(Buffer.from(line), true);
      if (error) failed(error);
    },
  };
}

function describe(error: Error): string {
  // "ENOSPC: no space left on device, write" → "no space left on device"
  return error.message.replace(/^[A-Z]+: /, '').replace(/, write$/, '');
}

function lostNotice(lost: { lines: number; since: Date; reason: string }, at: Date): string {
  const lines = lost.lines === 1 ? '1 log line' : `${lost.lines} log lines`;
  return `${JSON.stringify({
    level: 40,
    time: at.toISOString(),
    service: LOG_SERVICE,
    lostLines: lost.lines,
    lostSince: lost.since.toISOString(),
    msg: `${lines} could not be written since ${lost.since.toISOString()} (${lost.reason}); the site kept serving`,
  })}\n`;
}

/**
 * Text written to `process.stdout` or `process.stderr` other than through the log (a library
 * writing to them itself; `console` lets its own failures go) fails the same way, and unheard,
 * that error ends the process.
 */
export function ignoreOutputFailures(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
