import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export interface FileLock {
  release(): void;
}

/**
 * A lock on `file` that the system ends with the process, however it ends (kill -9 included), so a
 * crash never leaves one behind. Several processes can hold it shared; one alone, exclusive. It is
 * SQLite's own locking (the system's file locks) on an empty database of its own, which Node has
 * built in. Answers null when another process holds it in a way that excludes this one.
 * The caller keeps the answer for as long as it holds the lock.
 */
export function lockFile(file: string, mode: 'shared' | 'exclusive'): FileLock | null {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lock = new DatabaseSync(file);
  try {
    lock.exec('PRAGMA busy_timeout = 0');
    if (mode === 'exclusive') lock.exec('BEGIN EXCLUSIVE');
    else {
      // A read transaction keeps SQLite's shared lock until it ends.
      lock.exec('BEGIN');
      lock.prepare('SELECT count(*) FROM sqlite_master').get();
    }
  } catch (error) {
    lock.close();
    if (/locked|busy/i.test((error as Error).message)) return null;
    throw error;
  }
  return {
    release() {
      if (lock.isOpen) lock.close();
    },
  };
}
