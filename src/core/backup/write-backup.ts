import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import tar from 'tar-stream';
import type { Config } from '../config.ts';
import { connect } from '../db/connect.ts';
import type { ImageStorage } from '../images/storage.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  applicationVersion,
  BACKUP_TABLES,
  BackupError,
  imageEntry,
  MANIFEST_ENTRY,
  type Manifest,
  tableEntry,
} from './archive-format.ts';

type Row = Record<string, unknown>;

/**
 * Takes a backup of the database and the image files into `file`. The rows are read in one
 * transaction on a connection of the backup's own (a snapshot: a write landing meanwhile is
 * wholly in or wholly out, and the site keeps serving). The archive is written under a temporary
 * name, made durable and then renamed: a backup cut off half-way never looks complete.
 */
export async function writeBackup(options: { database: Config['database']; storage: ImageStorage; file: string }): Promise<Manifest> {
  const snapshot = await readSnapshot(options.database);
  const entries: Record<string, string> = {};
  const pack = tar.pack();
  const file = path.resolve(options.file);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.partial`;
  // 0600: the archive holds the administrators' password hashes.
  const out = fs.createWriteStream(temporary, { mode: 0o600, flags: 'wx' });
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), out);
  written.catch(() => {}); // awaited below; a write error must not surface as unhandled first
  const add = async (name: string, data: Buffer) => {
    entries[name] = createHash('sha256').update(data).digest('hex');
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: data.byteLength, mode: 0o600 }, data, (error) => (error ? reject(error) : resolve())),
    );
  };
  try {
    for (const table of BACKUP_TABLES) await add(tableEntry(table), jsonLines(snapshot.rows[table]));
    const missingImageFiles: string[] = [];
    for (const image of snapshot.rows.images) {
      const id = String(image.id);
      const keys = (await options.storage.list(`${id}/`)).sort();
      if (keys.length === 0) missingImageFiles.push(`${id}/`);
      for (const key of keys) {
        const data = await options.storage.get(key);
        // Deleted since the snapshot (its row went in a later write): the restore knows it is missing.
        if (data === null) missingImageFiles.push(key);
        else await add(imageEntry(key), Buffer.from(data));
      }
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: applicationVersion(),
      createdAt: new Date().toISOString(),
      source: options.database.kind,
      migrations: snapshot.migrations,
      rowCounts: Object.fromEntries(BACKUP_TABLES.map((table) => [table, snapshot.rows[table].length])),
      entries,
      missingImageFiles,
    };
    await add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    delete entries[MANIFEST_ENTRY];
    pack.finalize();
    await written;
    const handle = await fs.promises.open(temporary, 'r');
    await handle.sync();
    await handle.close();
    await fs.promises.rename(temporary, file);
    await syncFolder(path.dirname(file));
    return manifest;
  } catch (error) {
    pack.destroy();
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

interface Snapshot {
  migrations: string[];
  rows: Record<(typeof BACKUP_TABLES)[number], Row[]>;
}

async function readSnapshot(database: Config['database']): Promise<Snapshot> {
  const db = connect(database).withoutPlugins() as unknown as Kysely<any>;
  try {
    const begin = db.transaction();
    // PostgreSQL: one snapshot for every statement. SQLite (WAL): a read transaction sees the
    // database as of its first read, on this connection of its own.
    const transaction = database.kind === 'postgres' ? begin.setIsolationLevel('repeatable read').setAccessMode('read only') : begin;
    return await transaction.execute(async (trx) => {
      const applied = await trx
        .selectFrom('kysely_migration')
        .select('name')
        .execute()
        .catch(() => []);
      if (applied.length === 0) throw new BackupError('The database has no tables yet: there is nothing to back up.');
      const rows = {} as Snapshot['rows'];
      for (const table of BACKUP_TABLES) rows[table] = sortById(await trx.selectFrom(table).selectAll().execute());
      return { migrations: applied.map((row: { name: string }) => row.name).sort(), rows };
    });
  } finally {
    await db.destroy();
  }
}

/** By id, in code-unit order: the same on both engines, whatever their collation. */
function sortById(rows: Row[]): Row[] {
  return rows.sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0));
}

/** One JSON object per line, keys sorted: the same content gives the same bytes from either engine. */
function jsonLines(rows: Row[]): Buffer {
  return Buffer.from(
    rows.map((row) => `${JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))))}\n`).join(''),
  );
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await fs.promises.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
