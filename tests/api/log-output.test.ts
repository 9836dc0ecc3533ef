import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { fillDisk, mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';

// The server's standard output is often a file on its own disk (`npm start >> site.log`,
// nohup.out): a full or failing disk made the first log line that could not be written end the
// process, and the site went down with it (docs/decisions/136).

const cleanups: (() => void | Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-log-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

async function serverLoggingTo(fd: number): Promise<RunningServer> {
  const env = { DATA_DIR: newDataDir(), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info' };
  const server = await startServer(env, undefined, { logTo: fd });
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

/** Requests that each log a line or more: pages, a not-found page, refusals and a wrong password. */
async function visit(url: string, tag: string): Promise<number[]> {
  const statuses = [];
  for (const target of ['/', '/news', '/events', `/no-such-page-${tag}`, '/api/admin/news']) {
    statuses.push((await fetch(url + target)).status);
  }
  statuses.push(
    (await call(url, 'POST', '/api/admin/login', { body: { username: `nobody-${tag}`, password: 'not the password' } })).status,
  );
  statuses.push((await call(url, 'POST', '/api/admin/login', { body: { username: '' } })).status);
  return statuses;
}
const EXPECTED = [200, 200, 200, 404, 401, 401, 400];

/** Writes to a FIFO until it holds no more, as a stalled reader leaves it. */
function fillPipe(fifo: string): void {
  const writer = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  try {
    for (const size of [4096, 1]) {
      try {
        for (;;) fs.writeSync(writer, Buffer.alloc(size, '\n'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      }
    }
  } finally {
    fs.closeSync(writer);
  }
}

function fillLastPage(file: string): void {
  for (const size of [512, 1]) {
    try {
      for (;;) fs.appendFileSync(file, '\n'.repeat(size));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
}

describe('a log that cannot be written', () => {
  it('does not stop the site: standard output and error on a device that is always full', async () => {
    const full = fs.openSync('/dev/full', 'w');
    const server = await serverLoggingTo(full);
    fs.closeSync(full);

    for (let round = 0; round < 3; round++) expect(await visit(server.url, String(round))).toEqual(EXPECTED);
    expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    expect(await server.stop()).toBe(0);
  });

  it.skipIf(!tmpfsWorks)('drops the lines a full disk refuses, and says how many once there is room', async () => {
    const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-log-disk-'));
    cleanups.push(() => fs.rmSync(logDir, { recursive: true, force: true }));
    mountTmpfs(logDir, '256k');
    cleanups.push(() => unmount(logDir));
    const logFile = path.join(logDir, 'site.log');
    const fd = fs.openSync(logFile, 'a');
    const server = await serverLoggingTo(fd);
    fs.closeSync(fd);

    expect(await visit(server.url, 'before')).toEqual(EXPECTED);
    const filler = path.join(logDir, 'filler.bin');
    fillDisk(logDir, filler);
    // The log file's last page may still have room: filled with empty lines, which readers skip.
    fillLastPage(logFile);
    for (let round = 0; round < 5; round++) expect(await visit(server.url, `full-${round}`)).toEqual(EXPECTED);
    expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);

    fs.rmSync(filler);
    expect(await visit(server.url, 'after')).toEqual(EXPECTED);
    expect(await server.stop()).toBe(0);

    const lines = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return null; // the line a full disk cut short
      }
    });
    expect(parsed.filter((line) => line === null).length).toBeLessThanOrEqual(1);
    const notice = parsed.findIndex((line) => line?.lostLines !== undefined);
    expect(notice).toBeGreaterThan(0);
    const lost = parsed[notice]!;
    // Five rounds of seven requests, each logging at least its request line.
    expect(lost.lostLines).toBeGreaterThanOrEqual(35);
    expect(lost).toMatchObject({ level: 40, service: 'club-website' });
    expect(lost.msg).toMatch(/^\d+ log lines could not be written since .* \(ENOSPC: no space left on device\); the site kept serving$/);
    const later = parsed.slice(notice + 1).map((line) => line?.path);
    expect(later).toContain('/no-such-page-after');
    expect(parsed.map((line) => line?.path)).not.toContain('/no-such-page-full-4');
    // The server's last words, after the room came back.
    expect(parsed.at(-1)?.msg).toBe('stopped');
  });
  it('keeps serving when whatever reads its output stops reading (a log shipper stalled), and says how many lines were lost once it reads again', async () => {
    // A pipe (a FIFO here: a shell's `npm start | logger`, Docker's blocking log mode) whose reader stops: 64 KB fill it.
    const fifoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-log-fifo-'));
    cleanups.push(() => fs.rmSync(fifoDir, { recursive: true, force: true }));
    const fifo = path.join(fifoDir, 'log');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    cleanups.push(() => fs.closeSync(reader));
    const writer = fs.openSync(fifo, 'w');
    const server = await serverLoggingTo(writer);
    fs.closeSync(writer);
    const readAll = () => {
      const chunks: Buffer[] = [];
      const buffer = Buffer.alloc(1 << 16);
      for (;;) {
        try {
          const read = fs.readSync(reader, buffer);
          if (read === 0) break;
          chunks.push(Buffer.from(buffer.subarray(0, read)));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
          throw error;
        }
      }
      return Buffer.concat(chunks).toString('utf8');
    };

    // The reader has stopped and the pipe is full (of empty lines, here, which the reads below
    // leave out): 480 requests then, unread. A server that waited for the pipe would answer none.
    fillPipe(fifo);
    for (let round = 0; round < 120; round++) {
      for (const [target, status] of [
        ['/', 200],
        ['/news', 200],
        ['/events', 200],
        [`/no-such-page-${round}`, 404],
      ] as const)
        expect((await fetch(server.url + target)).status).toBe(status);
    }
    expect(readAll().split('\n').filter(Boolean).length).toBeLessThan(480);
    // In a second of its own, so that the log's lines a second (146) are not used up.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await visit(server.url, 'read-again')).toEqual(EXPECTED);
    const lines = readAll()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { lostLines?: number; msg: string; path?: string });
    expect(lines[0]!.lostLines).toBeGreaterThan(50);
    expect(lines[0]!.msg).toMatch(
      /^\d+ log lines could not be written since .* \(EAGAIN: resource temporarily unavailable\); the site kept serving$/,
    );
    expect(lines.some((line) => line.path === '/no-such-page-read-again')).toBe(true);
    expect(await server.stop()).toBe(0);
  });
});
