import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { appliedMigrations, connect, migrateTo, migrateToLatest } from '../db/connect.ts';
import { migrations } from '../db/migrations/index.ts';
import type { ImageStorage } from '../images/storage.ts';
import { BACKUP_TABLES, BackupError, type Manifest } from './archive-format.ts';
import { eachImageFile, eachRowBatch, verifyArchive } from './read-backup.ts';
import { writeBackup } from './write-backup.ts';

/** Tables a restore empties besides the backed-up ones: they name rows it replaces. */
const EPHEMERAL_TABLES = ['sessions', 'login_attempts', 'upload_tokens'];
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
export async function restoreBackup(options: RestoreOptions): Promise<{ manifest: Manifest; replaced: boolean }> {
  const manifest = await verifyArchive(options.file);
  const known = Object.keys(migrations).sort();
  const level = manifest.migrations.at(-1)!;
  if (!manifest.migrations.every((name, index) => known[index] === name)) {
    throw new BackupError(
      `This backup was taken by a newer or different version of the site (its database is at ${level}). Upgrade the site first. Nothing was changed.`,
    );
  }
  const db = connect(options.database);
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  try {
    const present = await describeSite(raw, options.storage);
    if (present && !options.replaceAfterBackupTo) {
      throw new BackupError(
        `The target already holds a site (${present}). Restore into an empty database and image folder, or add --replace: it first takes a backup of what is there, then replaces it. Nothing was changed.`,
      );
    }
    if (present && options.replaceAfterBackupTo) {
      await writeBackup({ database: options.database, storage: options.storage, file: options.replaceAfterBackupTo });
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
    if (current.at(-1) === level) {
      // The usual case: one transaction empties and fills, so a failure leaves the site as it was.
      await raw.transaction().execute(async (trx) => {
        if (present) await emptyTables(trx);
        await load(trx);
      });
    } else {
      if (present) await raw.transaction().execute(emptyTables);
      await migrateTo(db, level).catch((error: unknown) => {
        throw new BackupError(`The database could not be brought to the backup's version (${level}): ${(error as Error).message}`);
      });
      await raw.transaction().execute(load);
    }
    await migrateToLatest(db);
    for (const key of keysBefore) if (!restoredKeys.has(key)) await options.storage.delete(key);
    return { manifest, replaced: present !== null };
  } finally {
    await db.destroy();
  }
}

/** What a site holds ("3 news items, 12 images…"), or null when it is empty. */
export async function describeSite(raw: Kysely<any>, storage: ImageStorage): Promise<string | null> {
  const held: string[] = [];
  for (const table of BACKUP_TABLES) {
    const count = await raw
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst()
      .then((row) => Number(row?.count ?? 0))
      .catch(() => 0); // no such table yet: a new database
    if (count > 0) held.push(`${count} ${table.replace(/_/g, ' ')}`);
  }
  const files = (await storage.list()).length;
  if (files > 0) held.push(`${files} image files`);
  return held.length > 0 ? held.join(', ') : null;
}

async function emptyTables(trx: Kysely<any>): Promise<void> {
  for (const table of [...EPHEMERAL_TABLES, ...[...BACKUP_TABLES].reverse()]) await trx.deleteFrom(table).execute();
}
