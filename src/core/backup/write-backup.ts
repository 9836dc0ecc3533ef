import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import tar from 'tar-stream';
import type { Config } from '../config.ts';
import { connect, unknownAmong } from '../db/connect.ts';
import { DatabaseDamagedError, findDamage } from '../db/damage.ts';
import { isUnwritable } from '../shared/disk-errors.ts';
import { syncFolder } from '../shared/durable-files.ts';
import type { ImageStorage } from '../images/storage.ts';
import { isDrawnFile } from '../images/image-urls.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  applicationVersion,
  archiveTables,
  BackupError,
  BackupNotWrittenError,
  imageEntry,
  keyOf,
  MANIFEST_ENTRY,
  type Manifest,
  tableEntry,
} from './archive-format.ts';
import { PARTIAL_SUFFIX } from './backup-files.ts';
import { changeOf, NewerDatabaseError } from './newer-version.ts';

type Row = Record<string, unknown>;

/** Rows read from the database at once: a table is never held whole, however large the site grows. */
export const BACKUP_BATCH_ROWS = 100;

/**
 * Takes a backup of the database and the image files into `file`. The rows are read in one
 * transaction on a connection of the backup's own (a snapshot: a write landing meanwhile is
 * wholly in or wholly out, and the site keeps serving). The archive is written under a temporary
 * name, made durable and then renamed: a backup cut off half-way never looks complete. Memory
 * stays flat as content grows: rows are read a batch at a time and streamed into the archive
 * (docs/decisions/019-backup.md), so the daily backup of a large site cannot take the server down.
 */
export async function writeBackup(options: { database: Config['database']; storage: ImageStorage; file: string }): Promise<Manifest> {
  const entries: Record<string, string> = {};
  const pack = tar.pack();
  const file = path.resolve(options.file);
  const folder = path.dirname(file);
  const notWritten = (cause: unknown, written?: number) => new BackupNotWrittenError(folder, cause, written);
  await fs.promises.mkdir(folder, { recursive: true }).catch((error: unknown) => {
    throw isUnwritable(error) ? notWritten(error) : error;
  });
  const temporary = `${file}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
  // 0600: the archive holds the administrators' password hashes.
  const out = fs.createWriteStream(temporary, { mode: 0o600, flags: 'wx' });
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), out);
  written.catch(() => {}); // awaited below; a write error must not surface as unhandled first
  const archive = { pack, written };
  try {
    const snapshot = await inSnapshot(options.database, async (trx) => {
      // A backup of a damaged database would hold the damage (or miss what SQLite cannot read),
      // and push the last good backups out of the folder.
      const damage = await findDamage(trx, options.database.kind);
      if (damage.length > 0) throw new DatabaseDamagedError(damage);
      const applied: { name: string; timestamp: string }[] = await trx
        .selectFrom('kysely_migration')
        .select(['name', 'timestamp'])
        .execute()
        .catch(() => []);
      if (applied.length === 0) throw new BackupError('The database has no tables yet: there is nothing to back up.');
      // It would hold what this version knows of it, and leave out what the newer one added.
      const unknown = unknownAmong(applied);
      if (unknown.length > 0) {
        throw new NewerDatabaseError(
          `This database was changed by a newer version of the site (${changeOf(unknown)}): take its backups with that version, since this one would leave out what that version added. Nothing was written.`,
        );
      }
      const migrations = applied.map((row: { name: string }) => row.name).sort();
      const rowCounts: Record<string, number> = {};
      let imageIds: string[] = [];
      for (const table of archiveTables(ARCHIVE_FORMAT_VERSION, migrations)) {
        const ids = await idsOf(trx, table);
        rowCounts[table] = ids.length;
        if (table === 'images') imageIds = ids.map((key) => String(key[0]));
        // A tar entry states its size before its bytes: one pass measures, the next writes. Both
        // read the same snapshot, so they give the same bytes (checked as they are written).
        let size = 0;
        for await (const lines of jsonLines(trx, table, ids)) size += lines.byteLength;
        entries[tableEntry(table)] = await addStream(archive, tableEntry(table), size, jsonLines(trx, table, ids));
      }
      return { migrations, rowCounts, imageIds };
    });
    const missingImageFiles: string[] = [];
    for (const id of snapshot.imageIds) {
      // A share copy or a home-screen icon is drawn again when asked (docs/decisions/087, 094): not worth a backup's room.
      const keys = (await options.storage.list(`${id}/`)).filter((key) => !isDrawnFile(key.slice(id.length + 1))).sort();
      if (keys.length === 0) missingImageFiles.push(`${id}/`);
      for (const key of keys) {
        const data = await options.storage.get(key);
        // Deleted since the snapshot (its row went in a later write): the restore knows it is missing.
        if (data === null) missingImageFiles.push(key);
        else entries[imageEntry(key)] = await addStream(archive, imageEntry(key), data.byteLength, [Buffer.from(data)]);
      }
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: applicationVersion(),
      createdAt: new Date().toISOString(),
      source: options.database.kind,
      migrations: snapshot.migrations,
      rowCounts: snapshot.rowCounts,
      entries,
      missingImageFiles,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await addStream(archive, MANIFEST_ENTRY, manifestBytes.byteLength, [manifestBytes]);
    pack.finalize();
    await written;
    const handle = await fs.promises.open(temporary, 'r');
    await handle.sync();
    await handle.close();
    await fs.promises.rename(temporary, file);
    await syncFolder(folder);
    return manifest;
  } catch (error) {
    pack.destroy();
    // The archive's own file failing (a full disk) is the likeliest cause of whatever was thrown meanwhile.
    const writeError = await written.then(
      () => null,
      (cause: unknown) => cause,
    );
    await fs.promises.rm(temporary, { force: true });
    if (isUnwritable(writeError)) throw notWritten(writeError, out.bytesWritten);
    const failedPath = (error as NodeJS.ErrnoException).path;
    if (isUnwritable(error) && failedPath !== undefined && [temporary, file, folder].includes(failedPath))
      throw notWritten(error, out.bytesWritten);
    throw error;
  }
}

/**
 * Adds one entry of `size` bytes from `chunks`, waiting whenever the archive's file is behind (so
 * nothing piles up in memory), and returns its SHA-256. Fails, rather than waits for ever, when
 * the file cannot be written (a full disk).
 */
async function addStream(
  archive: { pack: tar.Pack; written: Promise<void> },
  name: string,
  size: number,
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<string> {
  const hash = createHash('sha256');
  const closed = archive.written.then(() => {
    throw new Error('the archive was closed while an entry was being written');
  });
  closed.catch(() => {}); // raced below; it may settle after this entry is done
  let settle!: (error?: Error | null) => void;
  const added = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
  added.catch(() => {}); // awaited below, unless this entry fails first
  const entry = archive.pack.entry({ name, size, mode: 0o600 }, settle);
  let sent = 0;
  for await (const chunk of chunks) {
    sent += chunk.byteLength;
    if (sent > size) throw new Error(`${name} changed while it was being written`);
    hash.update(chunk);
    if (!entry.write(chunk)) await Promise.race([once(entry, 'drain'), closed, added]);
  }
  if (sent !== size) throw new Error(`${name} changed while it was being written`);
  entry.end(() => {}); // (the declared types want an argument; completion is `added`)
  await Promise.race([added, closed]);
  return hash.digest('hex');
}

type Trx = Kysely<any>;

/**
 * Runs `work` in one read transaction on a connection of the backup's own. PostgreSQL: one
 * snapshot for every statement. SQLite (WAL): a read transaction sees the database as of its
 * first read.
 */
async function inSnapshot<T>(database: Config['database'], work: (trx: Trx) => Promise<T>): Promise<T> {
  const db = connect(database).withoutPlugins() as unknown as Kysely<any>;
  try {
    const begin = db.transaction();
    const transaction = database.kind === 'postgres' ? begin.setIsolationLevel('repeatable read').setAccessMode('read only') : begin;
    return await transaction.execute(work);
  } finally {
    await db.destroy();
  }
}

/** A row's key columns' values (keyOf), as the database gives them (text, or a number for the pages' single rows). */
type Key = unknown[];
const keyText = (key: Key): string => key.map(String).join('\u0000');

/**
 * A table's keys in code-unit order, the same on both engines whatever their collation (the keys
 * are small; the rows are read by them, a batch at a time).
 */
async function idsOf(trx: Trx, table: string): Promise<Key[]> {
  const columns = keyOf(table);
  const rows: Row[] = await trx.selectFrom(table).select(columns).execute();
  return rows
    .map((row) => columns.map((column) => row[column]))
    .sort((a, b) => (keyText(a) < keyText(b) ? -1 : keyText(a) > keyText(b) ? 1 : 0));
}

/**
 * The rows of `keys`, in that order, as JSON lines with their keys sorted: the same content gives
 * the same bytes from either engine. One buffer per batch; rows are fetched by their first key
 * column (a version's pictures come together) and matched on the whole key.
 */
async function* jsonLines(trx: Trx, table: string, keys: Key[]): AsyncGenerator<Buffer> {
  const columns = keyOf(table);
  for (let start = 0; start < keys.length; start += BACKUP_BATCH_ROWS) {
    const batch = keys.slice(start, start + BACKUP_BATCH_ROWS);
    const rows: Row[] = await trx
      .selectFrom(table)
      .selectAll()
      .where(columns[0]!, 'in', [...new Map(batch.map((key) => [String(key[0]), key[0]])).values()])
      .execute();
    const byKey = new Map<string, Row>(rows.map((row) => [keyText(columns.map((column) => row[column])), row]));
    let text = '';
    for (const key of batch) {
      const row = byKey.get(keyText(key));
      if (!row) throw new Error(`${table} ${keyText(key)} went missing inside the backup's snapshot`);
      text += `${JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))))}\n`;
    }
    yield Buffer.from(text);
  }
}
