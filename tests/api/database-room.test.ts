import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { sqliteDb } from '../setup/databases.ts';
import { openDatabase } from '../setup/direct-db.ts';
import { insertLongNews } from '../setup/long-news.ts';
import { ADMIN, startServer } from '../setup/server.ts';
import { mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';

// docs/decisions/060: a script's thousand long posts, deleted for ever, must give the disk its
// room back; a SQLite file keeps its largest size unless told otherwise, and the dashboard then
// warns (052) and photos stay refused (057) long after the committee cleaned up.

const MB = 1024 * 1024;
const sqliteFile = (dataDir: string) => path.join(dataDir, 'club.sqlite');
/** The database's files on disk: the file and its write-ahead log. */
function bytesOnDisk(dataDir: string): number {
  return ['', '-wal'].reduce((sum, suffix) => sum + (fs.statSync(sqliteFile(dataDir) + suffix, { throwIfNoEntry: false })?.size ?? 0), 0);
}
function pragma(dataDir: string, name: string): unknown {
  const db = new DatabaseSync(sqliteFile(dataDir), { readOnly: true });
  try {
    return Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
  } finally {
    db.close();
  }
}
async function deleteAllNews(dataDir: string): Promise<void> {
  const db = openDatabase({ dataDir, databaseUrl: undefined } as never);
  await db.deleteFrom('newsItems').execute();
  await db.destroy();
}
const envOf = (dataDir: string) => ({
  DATA_DIR: dataDir,
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'info',
});
/** Waits until `check` holds, or says what it last saw. */
async function until<T>(read: () => T, check: (value: T) => boolean, what: string, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the room that deleted rows leave in the SQLite file', () => {
  it('goes back to the disk: forty megabytes of posts deleted for ever, given back by the housekeeping', async () => {
    const site = await sqliteDb.create();
    try {
      await insertLongNews(site, 400, 100_000);
      const full = bytesOnDisk(site.dataDir);
      expect(full).toBeGreaterThan(38 * MB);
      expect(pragma(site.dataDir, 'auto_vacuum')).toBe(2);
      await deleteAllNews(site.dataDir);
      // Deleting alone gives nothing back.
      expect(bytesOnDisk(site.dataDir)).toBeGreaterThan(38 * MB);

      // The housekeeping runs at start, then hourly.
      const server = await startServer(envOf(site.dataDir));
      try {
        const left = await until(
          () => bytesOnDisk(site.dataDir),
          (bytes) => bytes < 4 * MB,
          'the database files',
        );
        expect(left).toBeLessThan(4 * MB);
        await until(
          () => server.output(),
          (output) => output.includes('room that deleted rows left in the database given back to the disk'),
          'the log',
        );
        // The site is as it was, and can take new posts.
        expect((await fetch(`${server.url}/news`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      expect(pragma(site.dataDir, 'integrity_check')).toBe('ok');
      expect(pragma(site.dataDir, 'freelist_count')).toBe(0);
    } finally {
      await site.drop();
    }
  });

  it('makes a file from before this version able to give it back, once, at start', async () => {
    const site = await sqliteDb.create();
    try {
      // A file made the old way: tables first, in the default mode, which no PRAGMA changes afterwards.
      const old = new DatabaseSync(sqliteFile(site.dataDir));
      old.exec('PRAGMA journal_mode = WAL; CREATE TABLE made_before (x text)');
      old.close();
      await insertLongNews(site, 200, 100_000);
      expect(pragma(site.dataDir, 'auto_vacuum')).toBe(0);
      await deleteAllNews(site.dataDir);

      const server = await startServer(envOf(site.dataDir));
      try {
        expect(server.output()).toContain('the database was rewritten once so that it can give back room');
      } finally {
        await server.stop();
      }
      expect(pragma(site.dataDir, 'auto_vacuum')).toBe(2);
      expect(bytesOnDisk(site.dataDir)).toBeLessThan(4 * MB);
      expect(pragma(site.dataDir, 'integrity_check')).toBe('ok');

      // Once: the next start does not rewrite it again.
      const again = await startServer(envOf(site.dataDir));
      await again.stop();
      expect(again.output()).not.toContain('rewritten once');
    } finally {
      await site.drop();
    }
  });

  it.skipIf(!tmpfsWorks)('leaves an older file as it is when its disk has no room for the rewrite, and starts as ever', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-room-'));
    mountTmpfs(dataDir, '24m');
    try {
      const old = new DatabaseSync(sqliteFile(dataDir));
      old.exec('PRAGMA journal_mode = WAL; CREATE TABLE made_before (x text)');
      old.close();
      await insertLongNews({ dataDir, databaseUrl: undefined } as never, 100, 100_000);
      const server = await startServer(envOf(dataDir));
      try {
        expect(server.output()).toContain('the database cannot be set to give back room yet: its disk needs twice its size free');
        expect((await fetch(`${server.url}/news`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      expect(pragma(dataDir, 'auto_vacuum')).toBe(0);
      expect(pragma(dataDir, 'integrity_check')).toBe('ok');
    } finally {
      unmount(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
