import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  archiveTables,
  BackupError,
  IMAGE_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  manifestSchema,
  tableEntry,
} from './archive-format.ts';

/** Largest image file a restore holds in memory at once (stored images are a few megabytes). */
const MAX_IMAGE_BYTES = 256 * 1024 * 1024;
/** Largest manifest read (it lists a checksum for every entry: a few megabytes for a large site). */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

type Chunks = AsyncIterable<Buffer>;

/**
 * Reads the entries of an archive in order and hands each but the manifest to `visit` as a stream of
 * chunks, which it reads to the end, or answers 'stop' to read no further. Nothing is held whole
 * but the manifest, so a large site restores in little memory. Returns the manifest's JSON (null
 * when it was not reached). Any damage (not gzip, cut short, not a tar) becomes a BackupError.
 */
async function eachEntry(file: string, visit: (name: string, chunks: Chunks) => Promise<void | 'stop'>): Promise<unknown> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  gunzip.on('error', (error) => extract.destroy(error));
  input.pipe(gunzip).pipe(extract);
  let manifest: unknown = null;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      const chunks = entry as unknown as Chunks; // the entry's data, as Buffers
      if (name === MANIFEST_ENTRY) manifest = parseJson(await whole(chunks, name, MAX_MANIFEST_BYTES));
      else if ((await visit(name, chunks)) === 'stop') break;
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable backup of this site (${(error as Error).message}). Nothing was changed.`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  return manifest;
}

async function whole(chunks: Chunks, name: string, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) throw new BackupError(`The entry ${name} is too large for a backup of this site.`);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

async function skip(chunks: Chunks): Promise<void> {
  for await (const _chunk of chunks);
}

/** The lines of a JSON-lines entry, one at a time (a line never splits a UTF-8 character: 0x0a is never part of one). */
async function* linesOf(chunks: Chunks): AsyncGenerator<string> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    const data = rest.byteLength > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, start)) {
      if (end > start) yield data.toString('utf8', start, end);
      start = end + 1;
    }
    rest = data.subarray(start);
  }
  if (rest.byteLength > 0) yield rest.toString('utf8');
}

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
}

const tableOf = (name: string): string | undefined => /^tables\/([a-z_]+)\.jsonl$/.exec(name)?.[1];

/**
 * Checks an archive end to end before anything is changed: the manifest, the format version,
 * the SHA-256 of every entry (none missing, none added) and the tables' order. Returns the manifest.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const found = new Map<string, string>();
  const lines = new Map<string, number>();
  const tableOrder: string[] = [];
  const raw = await eachEntry(file, async (name, chunks) => {
    if (found.has(name)) throw new BackupError(`The archive holds ${name} twice: it is not one this site wrote.`);
    const hash = createHash('sha256');
    let count = 0;
    for await (const chunk of chunks) {
      hash.update(chunk);
      count += countLines(chunk);
    }
    found.set(name, hash.digest('hex'));
    const table = tableOf(name);
    if (table) {
      lines.set(name, count);
      tableOrder.push(table);
    }
  });
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BackupError(`${file} is not a backup of this site, or it is cut short: its manifest is missing or not one this site writes.`);
  }
  const manifest = parsed.data;
  if (manifest.format !== ARCHIVE_FORMAT) throw new BackupError(`${file} is not a backup of this site.`);
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupError(
      `This backup was written by a newer version of the site (archive format ${manifest.formatVersion}; this one reads up to ${ARCHIVE_FORMAT_VERSION}). Upgrade the site first.`,
    );
  }
  for (const [name, sum] of Object.entries(manifest.entries)) {
    const actual = found.get(name);
    if (actual === undefined) throw new BackupError(`The archive is damaged: ${name} is missing. Nothing was changed.`);
    if (actual !== sum) throw new BackupError(`The archive is damaged: ${name} does not match its checksum. Nothing was changed.`);
  }
  for (const name of found.keys()) {
    if (!(name in manifest.entries))
      throw new BackupError(`The archive holds ${name}, which its manifest does not list. Nothing was changed.`);
  }
  const tables = archiveTables(manifest.formatVersion, manifest.migrations);
  for (const table of tables) {
    const count = lines.get(tableEntry(table));
    if (count === undefined || count !== manifest.rowCounts[table]) {
      throw new BackupError(`The archive is damaged: the ${table} table does not hold the rows its manifest counts. Nothing was changed.`);
    }
  }
  // The rows are loaded as they come, so the tables must come in the order their references need.
  if (tableOrder.join() !== tables.join()) {
    throw new BackupError(
      `The archive's tables are not in the order this site writes them: it is not one this site wrote. Nothing was changed.`,
    );
  }
  return manifest;
}

function countLines(data: Buffer): number {
  let count = 0;
  for (let at = data.indexOf(0x0a); at !== -1; at = data.indexOf(0x0a, at + 1)) count++;
  return count;
}

/** Each image file of an archive (verifyArchive passed), whole: one at a time. */
export async function eachImageFile(file: string, onImageFile: (key: string, data: Buffer) => Promise<void>): Promise<void> {
  await eachEntry(file, async (name, chunks) => {
    const key = IMAGE_ENTRY.exec(name)?.[1];
    if (key) await onImageFile(key, await whole(chunks, name, MAX_IMAGE_BYTES));
    else await skip(chunks);
  });
}

/**
 * The rows of an archive (verifyArchive passed), table by table in the order they were written
 * (archiveTables), `batchSize` at a time; reading stops after the tables (the images come after).
 */
export async function eachRowBatch(
  file: string,
  batchSize: number,
  onRows: (table: string, rows: Record<string, unknown>[]) => Promise<void>,
): Promise<void> {
  await eachEntry(file, async (name, chunks) => {
    const table = tableOf(name);
    if (!table) return 'stop';
    let batch: Record<string, unknown>[] = [];
    for await (const line of linesOf(chunks)) {
      batch.push(JSON.parse(line) as Record<string, unknown>);
      if (batch.length === batchSize) {
        await onRows(table, batch);
        batch = [];
      }
    }
    if (batch.length > 0) await onRows(table, batch);
    return undefined;
  });
}
