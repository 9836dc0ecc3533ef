import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Logger } from '../logger.ts';
import type { Db } from './connect.ts';

// docs/decisions/060: a SQLite file never shrinks by itself. Rows deleted for ever (a script's
// thousand posts, purged after 30 days) leave free pages inside it that the disk never gets back:
// the dashboard keeps warning (052) and photos stay refused (057) after the committee has cleaned
// up. In incremental auto-vacuum mode the file can give them back a few at a time.

/** Free pages inside the file worth giving back: below this, the next rows will reuse them. */
const GIVE_BACK_FROM_BYTES = 8 * 1024 * 1024;
/** Pages given back per statement, each its own short write: saves wait for one step, never for the lot. */
const PAGES_PER_STEP = 512;
const INCREMENTAL = 2;

async function pragma(db: Db, name: string): Promise<number> {
  const { rows } = await sql<Record<string, number>>`${sql.raw(`PRAGMA ${name}`)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

/**
 * Makes a database made before this version able to give back room: its auto-vacuum mode can only
 * change by rewriting the file (VACUUM), once, at start before the server listens. The rewrite
 * needs about twice the file's used size free beside it (a copy, then the write-ahead log); without
 * that room it waits for a later start, and the site runs as before. A new database is made in this
 * mode from the start (connect.ts).
 */
export async function allowGivingBackRoom(db: Db, file: string, log: Logger): Promise<void> {
  if ((await pragma(db, 'auto_vacuum')) === INCREMENTAL) return;
  const used = ((await pragma(db, 'page_count')) - (await pragma(db, 'freelist_count'))) * (await pragma(db, 'page_size'));
  const space = await fs.statfs(path.dirname(file));
  const free = space.bavail * space.bsize;
  if (free < 2 * used + GIVE_BACK_FROM_BYTES) {
    log.warn({ usedBytes: used, freeBytes: free }, 'the database cannot be set to give back room yet: its disk needs twice its size free');
    return;
  }
  const started = Date.now();
  await sql`PRAGMA auto_vacuum = INCREMENTAL`.execute(db);
  await sql`VACUUM`.execute(db);
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  log.info({ usedBytes: used, ms: Date.now() - started }, 'the database was rewritten once so that it can give back room');
}

/**
 * The hourly housekeeping's: gives the disk back the free pages inside the file when they are
 * worth it, a step at a time with the event loop free between steps, then empties the write-ahead
 * log those steps went through. Returns the bytes given back.
 */
export async function giveBackRoom(db: Db): Promise<number> {
  if ((await pragma(db, 'auto_vacuum')) !== INCREMENTAL) return 0;
  const pageSize = await pragma(db, 'page_size');
  const before = await pragma(db, 'page_count');
  const free = await pragma(db, 'freelist_count');
  if (free * pageSize < GIVE_BACK_FROM_BYTES) return 0;
  // As many steps as the free pages counted now need, and no more: pages freed meanwhile wait for
  // the next hour, and a step that frees nothing cannot keep the loop (and a core) busy.
  for (let steps = Math.ceil(free / PAGES_PER_STEP); steps > 0 && (await pragma(db, 'freelist_count')) > 0; steps--) {
    await sql`${sql.raw(`PRAGMA incremental_vacuum(${PAGES_PER_STEP})`)}`.execute(db);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  return (before - (await pragma(db, 'page_count'))) * pageSize;
}
