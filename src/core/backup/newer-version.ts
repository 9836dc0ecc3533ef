import path from 'node:path';
import type { Config } from '../config.ts';
import { unknownMigrations, type Db, type UnknownMigration } from '../db/connect.ts';
import { BackupError } from './archive-format.ts';
import { BEFORE_MIGRATION_KIND, readBackups, takenBefore } from './backup-files.ts';
import { FolderNotAnsweringError, NOT_ANSWERING_WHY } from '../disk/folder-gate.ts';
import { restoreFileCommand, restoreFromBucketCommand } from './restore-commands.ts';
import type { Logger } from '../logger.ts';

// An upgrade that went wrong, undone by starting the version before it again: the database has
// changes this version does not know and cannot undo (only the newer version has their way
// back). It is used by nothing of this version, and the way back is the backup taken before the
// change (docs/decisions/140).

/** The database was changed by a newer version of the site: this one neither runs on it nor backs it up. */
export class NewerDatabaseError extends BackupError {
  override name = 'NewerDatabaseError';
}

const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** "2026_12_05_0001_x, on 2026-12-05 10:00 UTC": what changed it and when. */
export const changeOf = (unknown: UnknownMigration[]) =>
  `${unknown.map((migration) => migration.name).join(', ')}, on ${minute(unknown[0]!.executedAt)}`;

/**
 * The newest backup in `dir` of the site before a change made at `at`: the upgrade's own
 * `before-migration` one (named in the second of the change, or before), or any taken in an
 * earlier second. Names count whole seconds, and the newer version's first daily backup may be
 * named in the very second of its migration: that one is of the newer site. Undefined when the
 * folder does not answer (144).
 */
async function backupBefore(dir: string, at: Date): Promise<string | null | undefined> {
  const isUpgrades = (backup: { kind: string }) => backup.kind === BEFORE_MIGRATION_KIND;
  const backups = await readBackups(dir).catch((error: unknown) => {
    if (error instanceof FolderNotAnsweringError) return undefined;
    throw error;
  });
  if (!backups) return undefined;
  const backup = backups
    .filter((candidate) => takenBefore(candidate.at, at) || (isUpgrades(candidate) && candidate.at.getTime() <= at.getTime()))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || Number(isUpgrades(b)) - Number(isUpgrades(a)))[0];
  return backup ? path.join(dir, backup.name) : null;
}

/**
 * The newest copy in the backup bucket of the site before a change made at `at`, when there is a
 * bucket: the folder may hold none (lost with its disk, or on another host). Null when there is
 * none, or the bucket could not be asked (the sentence then says to name one kept elsewhere).
 */
async function bucketCopyBefore(config: Config, log: Logger, at: Date): Promise<string | null> {
  const bucket = config.backup.offsite;
  if (!bucket) return null;
  const { createOffsiteCopies } = await import('./offsite.ts');
  const offsite = createOffsiteCopies({ bucket, dir: config.backup.dir, keep: config.backup.keep, recipients: [], log });
  const copies = await offsite.copies().catch((error: unknown) => {
    log.warn({ err: error, bucket: bucket.bucket }, 'the backup bucket could not be asked for a copy from before the newer version');
    return [];
  });
  return copies.find((copy) => takenBefore(copy.at, at))?.name ?? null;
}

/** What whoever runs the site reads when this version meets a database a newer one changed. */
async function newerDatabaseSentence(config: Config, log: Logger, unknown: UnknownMigration[]): Promise<string> {
  const at = unknown[0]!.executedAt;
  const onPostgres = config.database.kind === 'postgres';
  const found = await backupBefore(config.backup.dir, at);
  const file = found ?? null;
  const copy = file ? null : await bucketCopyBefore(config, log, at);
  const command = copy
    ? restoreFromBucketCommand(copy, { replace: !onPostgres })
    : restoreFileCommand(file ?? 'FILE', { replace: !onPostgres });
  const inBucket = config.backup.offsite !== undefined;
  const none =
    found === undefined
      ? `the backup folder ${config.backup.dir} does not answer (${NOT_ANSWERING_WHY})${inBucket ? ', and none is in the backup bucket' : ''}`
      : `none is in ${config.backup.dir}${inBucket ? ' or the backup bucket' : ''}`;
  const elsewhere = file || copy ? '' : ` (${none}: name one kept elsewhere)`;
  const back = onPostgres
    ? `restore the backup taken before that change into a new, empty database: set DATABASE_URL to it and run ${command}${elsewhere}. This database is kept for that version`
    : `stop the site and restore the backup taken before that change: ${command}${elsewhere}. The database as it is now is moved aside and kept for that version`;
  return `This database was changed by a newer version of the site (${changeOf(unknown)}), and this version cannot use it. Start that version again; or, to go back to this version, ${back}; what was written since that backup is not in it. Nothing was changed.`;
}

/** Throws NewerDatabaseError when a newer version of the site changed this database. */
export async function refuseNewerDatabase(db: Db, config: Config, log: Logger): Promise<void> {
  const unknown = await unknownMigrations(db);
  if (unknown.length > 0) throw new NewerDatabaseError(await newerDatabaseSentence(config, log, unknown));
}
