import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

// A failing disk, for a stopped server's SQLite file: what a bad sector or a copy taken mid-write leaves.

/**
 * Overwrites the page where `table`'s rows start (its root page: a small table's only one) past its
 * first bytes: SQLite then fails every read of that table, and only of that table.
 */
export function damageTable(file: string, table: string): void {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE type = ? AND name = ?').get('table', table) as {
    rootpage: number;
  };
  const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
  db.close();
  // The page's type and cell count stay; its cell pointers and cells become nonsense.
  const keep = 8;
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, Buffer.alloc(pageSize - keep, 0xff), 0, pageSize - keep, (rootpage - 1) * pageSize + keep);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Replaces the database file with random bytes (its journal files removed): not a database at all. */
export function replaceWithNoise(file: string): void {
  for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  fs.writeFileSync(file, randomBytes(64 * 1024));
}
