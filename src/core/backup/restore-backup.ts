import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import {
  appliedMigrations,
  connect,
  type Db,
  migrateTo,
  migrateToLatest,
  type UnknownMigration,
  unknownMigrations,
} from '../db/connect.ts';
import { damageIn, findDamage } from '../db/damage.ts';
import { isMissingTable } from '../db/errors.ts';
import { migrations } from '../db/migrations/index.ts';
import type { ImageStorage } from '../images/storage.ts';
import { BackupError, CONTENT_TABLES, HISTORY_TABLES, type Manifest } from './archive-format.ts';
import { timeStamp } from './backup-files.ts';
import { changeOf } from './newer-version.ts';
import { eachImageFile, eachRowBatch, verifyArchive } from './read-backup.ts';
import { writeBackup } from './write-backup.ts';

/** Tables a restore empties besides the backed-up ones: they name rows it replaces. */
const EPHEMERAL_TABLES = ['sessions', 'login_attempts', 'upload_tokens'];
/**
 * The answers kept for retried creates (a day): each names an item the restore may take away, and
 * replaying one would tell a volunteer whose save is retried after the restore that it was made
 * when it is not there. Forgotten, the retry makes the item again (under the same id).
 */
const KEPT_ANSWERS = { table: 'idempotency_keys', madeBy: '2026_11_24_0006_idempotency_keys' };
const INSERT_BATCH = 200;

export interface RestoreOptions {
  file: string;
  database: Config['database'];
  storage: ImageStorage;
  /** Replace a site that is there, after backing it up into this file; without it a non-empty target is refused. */
  replaceAfterBackupTo?: string | undefined;
}

/**
 * Restores an archive into an empty database and image storage (or replaces what is there, after
 * a backup of it). Every checksum is verified before anything changes. The schema is brought to
 * the archive's migration, the rows loaded in one transaction, then the migrations since run on
 * them, so an archive from an older version of the site is upgraded as its database would be.
 */
export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ manifest: Manifest; replaced: boolean; setAside: SetAside | null }> {
  const manifest = await verifyArchive(options.file);
  const known = Object.keys(migrations).sort();
  const level = manifest.migrations.at(-1)!;
  if (!manifest.migrations.every((name, index) => known[index] === name)) {
    throw new BackupError(
      `This backup was taken by a newer or different version of the site (its database is at ${level}). Upgrade the site first. Nothing was changed.`,
    );
  }
  const setAside = await setAsideIfDamagedOrNewer(options.database, options.replaceAfterBackupTo !== undefined);
  const db = connect(options.database);
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  try {
    // PostgreSQL's (SQLite's file was looked at and moved aside above): no file to move aside,
    // and only the newer version can undo its changes.
    const newer = options.database.kind === 'postgres' ? await unknownMigrations(db).catch(refuseDamaged) : [];
    if (newer.length > 0) {
      throw new BackupError(
        `This database was changed by a newer version of the site (${changeOf(newer)}), and this version can neither use it nor undo that change. Restore into a new, empty database (set DATABASE_URL to it, and leave out --replace), and keep this one for that version. Nothing was changed.`,
      );
    }
    const site = await describeSite(raw, options.storage).catch(refuseDamaged);
    const present = site.rows !== null || site.files > 0;
    if (present && !options.replaceAfterBackupTo) {
      const held = [site.rows, site.files > 0 ? `${site.files} image files` : null].filter(Boolean).join(', ');
      throw new BackupError(
        `The target already holds a site (${held}). Restore into an empty database and image folder, or add --replace: it first takes a backup of what is there, then replaces it. Nothing was changed.`,
      );
    }
    // Only a database with rows can be backed up (image files are kept with the rows that name
    // them): files without one, or beside a database set aside, are left where they are.
    const backedUp = site.rows !== null && options.replaceAfterBackupTo !== undefined;
    if (backedUp) {
      await writeBackup({ database: options.database, storage: options.storage, file: options.replaceAfterBackupTo! }).catch(refuseDamaged);
    }
    const keysBefore = new Set(await options.storage.list());
    const restoredKeys = new Set<string>();
    // Image files first, outside any transaction; the rows then stream into one (nothing is held whole).
    await eachImageFile(options.file, async (key, data) => {
      restoredKeys.add(key);
      await options.storage.put(key, data);
    });
    const load = (trx: Kysely<any>) =>
      eachRowBatch(options.file, INSERT_BATCH, async (table, rows) => {
        await trx.insertInto(table).values(rows).execute();
      });
    const current = await appliedMigrations(db);
    const emptyTables = (trx: Kysely<any>) => emptyTablesOf(trx, current, manifest.formatVersion);
    if (current.at(-1) === level) {
      // The usual case: one transaction empties and fills, so a failure leaves the site as it was.
      await raw.transaction().execute(async (trx) => {
        if (site.rows !== null) await emptyTables(trx);
        await load(trx);
      });
    } else {
      if (site.rows !== null) await raw.transaction().execute(emptyTables);
      await migrateTo(db, level).catch((error: unknown) => {
        throw new BackupError(`The database could not be brought to the backup's version (${level}): ${(error as Error).message}`);
      });
      await raw.transaction().execute(load);
    }
    await migrateToLatest(db);
    if (backedUp) for (const key of keysBefore) if (!restoredKeys.has(key)) await options.storage.delete(key);
    return { manifest, replaced: backedUp, setAside };
  } finally {
    await db.destroy();
  }
}

/** What a site holds: its rows ("3 news items, …", or null when none) and how many image files. */
export async function describeSite(raw: Kysely<any>, storage: ImageStorage): Promise<{ rows: string | null; files: number }> {
  const held: string[] = [];
  for (const table of CONTENT_TABLES) {
    const count = await raw
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst()
      .then((row) => Number(row?.count ?? 0))
      .catch((error: unknown) => {
        if (isMissingTable(error)) return 0; // a new database
        throw error;
      });
    if (count > 0) held.push(`${count} ${table.replace(/_/g, ' ')}`);
  }
  return { rows: held.length > 0 ? held.join(', ') : null, files: (await storage.list()).length };
}

/** A SQLite file moved aside by a restore, and why. */
export interface SetAside {
  file: string;
  why: 'damaged' | 'newer';
}

/**
 * A SQLite file that is damaged, or that a newer version of the site changed (docs/decisions/140),
 * can be neither emptied for this version nor backed up whole by it: with --replace it is moved
 * aside (with its journal files), kept for whoever may recover from it or for that version, and
 * the archive restored into a new file. Answers where it went, or null when it stays (or is not there).
 */
async function setAsideIfDamagedOrNewer(database: Config['database'], replace: boolean): Promise<SetAside | null> {
  if (database.kind !== 'sqlite' || !fs.existsSync(database.file)) return null;
  const problem = await problemOfFile(database);
  if (!problem) return null;
  if (!replace) {
    throw new BackupError(
      problem.damage
        ? `The database ${database.file} is damaged (${problem.damage[0]}). Add --replace: it moves the damaged file aside, keeps it, and restores into a new one. Nothing was changed.`
        : `The database ${database.file} was changed by a newer version of the site (${changeOf(problem.newer)}), which this version cannot use. Add --replace: it moves that file aside, keeps it for that version, and restores into a new one. Nothing was changed.`,
    );
  }
  const why = problem.damage ? 'damaged' : 'newer';
  const aside = `${database.file}.${why === 'damaged' ? 'damaged' : 'newer-version'}-${timeStamp(new Date())}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (fs.existsSync(database.file + suffix)) fs.renameSync(database.file + suffix, aside + suffix);
  }
  return { file: aside, why };
}

async function problemOfFile(
  database: Config['database'],
): Promise<{ damage: string[]; newer?: never } | { damage?: never; newer: UnknownMigration[] } | null> {
  let db: Db;
  try {
    db = connect(database);
  } catch (error) {
    const damage = damageIn(error);
    if (damage) return { damage };
    throw error;
  }
  try {
    const damage = await findDamage(db.withoutPlugins(), database.kind);
    if (damage.length > 0) return { damage };
    const newer = await unknownMigrations(db);
    return newer.length > 0 ? { newer } : null;
  } finally {
    await db.destroy();
  }
}

/** PostgreSQL's damage (met while reading what is there): nothing can be backed up, so nothing is replaced. */
function refuseDamaged(error: unknown): never {
  if (!damageIn(error)) throw error;
  throw new BackupError(
    `The database is damaged (${damageIn(error)![0]}), so what is there cannot be backed up before it is replaced. Restore into a new, empty database (set DATABASE_URL to it) and keep this one for whoever may recover from it. Nothing was changed.`,
  );
}

/**
 * Empties what the archive replaces. `applied`: the migrations the database has had (a table an
 * older one lacks is not emptied). An archive with the site's history (format 2) replaces it; one
 * without keeps the history that is there, but the pictures versions hold name the images it
 * replaces: the versions keep their words, and put back the pictures they hold no more (none) as
 * they are (docs/decisions/061).
 */
async function emptyTablesOf(trx: Kysely<any>, applied: string[], formatVersion: number): Promise<void> {
  const replaced = HISTORY_TABLES.filter((history) => formatVersion >= 2 || history.table === 'version_pictures');
  const history = replaced.filter((table) => applied.includes(table.madeBy)).map((table) => table.table);
  const ephemeral = [...EPHEMERAL_TABLES, ...(applied.includes(KEPT_ANSWERS.madeBy) ? [KEPT_ANSWERS.table] : [])];
  for (const table of [...history.reverse(), ...ephemeral, ...[...CONTENT_TABLES].reverse()]) await trx.deleteFrom(table).execute();
}
