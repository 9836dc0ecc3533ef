import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  BACKUP_TABLES,
  BackupError,
  IMAGE_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  manifestSchema,
  tableEntry,
} from './archive-format.ts';

/** Largest entry kept in memory while reading (a table; image files are far smaller). */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/**
 * Reads every entry of an archive, in order, and hands each to `visit`; the manifest is parsed
 * and returned. Any damage (not gzip, cut short, not a tar) becomes a BackupError.
 */
async function eachEntry(file: string, visit: (name: string, data: Buffer) => Promise<void>): Promise<Manifest> {
  let manifest: unknown = null;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (data: unknown) => {
      const chunk = data as Buffer;
      size += chunk.byteLength;
      if (size > MAX_ENTRY_BYTES) stream.destroy(new BackupError(`The entry ${header.name} is too large for a backup of this site.`));
      else chunks.push(chunk);
    });
    stream.on('error', (error) => extract.destroy(error));
    stream.on('end', () => {
      const data = Buffer.concat(chunks);
      const done = header.name === MANIFEST_ENTRY ? Promise.resolve((manifest = parseJson(data))) : visit(header.name, data);
      done.then(
        () => next(),
        (error: unknown) => extract.destroy(error as Error),
      );
    });
  });
  if (!fs.existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable backup of this site (${(error as Error).message}). Nothing was changed.`);
  }
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success) {
    throw new BackupError(`${file} is not a backup of this site, or it is cut short: its manifest is missing or not one this site writes.`);
  }
  return parsed.data;
}

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * Checks an archive end to end before anything is changed: the manifest, the format version,
 * and the SHA-256 of every entry (none missing, none added). Returns the manifest.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const found = new Map<string, string>();
  const lines = new Map<string, number>();
  const manifest = await eachEntry(file, (name, data) => {
    if (found.has(name)) throw new BackupError(`The archive holds ${name} twice: it is not one this site wrote.`);
    found.set(name, createHash('sha256').update(data).digest('hex'));
    if (name.startsWith('tables/')) lines.set(name, countLines(data));
    return Promise.resolve();
  });
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
  for (const table of BACKUP_TABLES) {
    const count = lines.get(tableEntry(table));
    if (count === undefined || count !== manifest.rowCounts[table]) {
      throw new BackupError(`The archive is damaged: the ${table} table does not hold the rows its manifest counts. Nothing was changed.`);
    }
  }
  return manifest;
}

function countLines(data: Buffer): number {
  let count = 0;
  for (const byte of data) if (byte === 0x0a) count++;
  return count;
}

/** The archive's rows and image files, after verifyArchive passed. */
export async function readArchive(
  file: string,
  onImageFile: (key: string, data: Buffer) => Promise<void>,
): Promise<{ manifest: Manifest; rows: Map<string, Record<string, unknown>[]> }> {
  const rows = new Map<string, Record<string, unknown>[]>();
  const manifest = await eachEntry(file, async (name, data) => {
    const table = /^tables\/([a-z_]+)\.jsonl$/.exec(name)?.[1];
    if (table) {
      rows.set(
        table,
        data
          .toString('utf8')
          .split('\n')
          .filter((line) => line.length > 0)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
      return;
    }
    const key = IMAGE_ENTRY.exec(name)?.[1];
    if (key) await onImageFile(key, data);
  });
  return { manifest, rows };
}
