import fs from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import type { Config } from '../config.ts';
import type { ImageStorage } from '../images/storage.ts';
import type { Logger } from '../logger.ts';
import { BACKUP_NOT_WRITTEN, BACKUP_OF_DAMAGED, BackupError, BackupNotWrittenError } from './archive-format.ts';
import { backupFileName, BACKUP_FILE, BEFORE_MIGRATION_KIND, DAILY_KIND, PARTIAL_SUFFIX, readBackups } from './backup-files.ts';
import { BACKUP_FOLDER_NOT_ANSWERING, folderGate, FolderNotAnsweringError, NOT_ANSWERING_WHY } from '../disk/folder-gate.ts';
import { createOffsiteCopies, type OffsiteStatus } from './offsite.ts';
import { DomainError } from '../shared/errors.ts';
import { datedAhead } from '../shared/time.ts';
import { pendingMigrations, type Db } from '../db/connect.ts';
import { createEarlierSite } from './earlier-site.ts';
import { oneOffsToRemove } from './retention.ts';
import { expectedBackupBytes, retryAfterMs, roomFor } from './backup-room.ts';
import { formatBytes } from '../shared/bytes.ts';
import { bytesOf } from '../disk/disk-space.ts';
import { NewerDatabaseError } from './newer-version.ts';
import { damageIn, type DamageRecord } from '../db/damage.ts';

/** How often the server looks whether the daily backup is due (it also looks at start). */
const CHECK_EVERY_MS = 60_000;

/**
 * A backup being written adds to its file all the time; one untouched this long was cut off (the
 * server killed or out of memory, the disk full) and is only taking room.
 */
const ABANDONED_AFTER_MS = 60 * 60_000;

/** The server's backups: the daily one (BACKUP_DIR), the newest one's time, and downloads. */
export function createBackups(deps: { config: Config; db: Db; storage: ImageStorage; log: Logger; damage: DamageRecord }) {
  const { dir, hour, keep } = deps.config.backup;
  let running: Promise<string> | null = null;
  /** The last backup that failed, until one succeeds: shown to administrators, who never read logs. */
  let lastFailure: { at: Date; message: string } | null = null;

  // Every call on the folder goes through its gate: a backup disk that stops answering (a network
  // drive gone) must not hold the site (docs/decisions/144).
  const gate = folderGate(dir);
  const list = () => readBackups(dir);
  const remove = (name: string) => gate.run(() => fs.promises.rm(path.join(dir, name), { force: true }));
  const { offsite: bucket, recipients } = deps.config.backup;
  const earlierSite = createEarlierSite({ db: deps.db, dir, bucketCopy: () => offsite?.status().earlierCopy ?? null, log: deps.log });
  const offsite = bucket && createOffsiteCopies({ bucket, dir, keep, recipients, log: deps.log, databaseMadeAt: earlierSite.databaseMade });
  if (bucket && recipients.length === 0)
    deps.log.warn(
      { bucket: bucket.bucket },
      'the copies in the backup bucket are not encrypted: whoever can read the bucket can read them; set BACKUP_RECIPIENTS (npm run backup-key)',
    );

  /** What the last daily backup cut off by a full disk had written: the next one needs at least that. */
  let reachedWhenFull = 0;
  let failedInARow = 0;
  /** No daily backup is begun before this time (after failures in a row). */
  let notBefore = 0;
  /** How many daily backups the folder's disk held when the last one had to make room, while fewer than BACKUP_KEEP. */
  let diskHolds: number | null = null;

  /**
   * Room on the folder's disk for a daily backup as large as the newest one, and a little more:
   * the oldest daily backups are removed if need be; none are, and nothing is written, when even
   * that is not enough (docs/decisions/145).
   */
  async function makeRoom(): Promise<void> {
    const daily: { name: string; bytes: number }[] = [];
    for (const entry of (await list()).filter((backup) => backup.kind === DAILY_KIND)) {
      const bytes = await gate.run(() =>
        fs.promises.stat(path.join(dir, entry.name)).then(
          (stat) => stat.size,
          () => 0,
        ),
      );
      daily.push({ name: entry.name, bytes });
    }
    const needed = expectedBackupBytes(daily[0]?.bytes ?? 0, reachedWhenFull);
    const disk = bytesOf(await gate.run(() => fs.promises.statfs(dir)));
    // Not known whether one is the site before this database (139): none is removed this time.
    const earlier = await earlierSite.keepInFolder();
    const plan = roomFor(needed, disk, earlier === undefined ? daily.slice(0, 1) : daily, earlier ?? undefined);
    if (!plan.fits) {
      const free = `its disk has ${formatBytes(disk.free)} free`;
      const why =
        needed > 0
          ? `${free}, and the backup needs about ${formatBytes(needed)} beside a hundredth of the disk left for the site`
          : `${free}, less than the hundredth of it left for the site`;
      throw new BackupNotWrittenError(dir, { code: 'ENOSPC' }, undefined, why);
    }
    for (const name of plan.remove) await remove(name);
    const held = daily.length - plan.remove.length + 1;
    diskHolds = plan.remove.length > 0 && held < keep ? held : null;
    if (plan.remove.length > 0)
      deps.log.warn(
        { dir, removed: plan.remove, kept: daily.length - plan.remove.length, BACKUP_KEEP: keep },
        `the backup folder's disk has no room for ${keep} daily backups: the oldest ${plan.remove.length} were removed to make room for a new one; give it a larger disk, or set BACKUP_KEEP lower`,
      );
  }

  /** One at a time: a second request while one runs gets the same file. */
  function take(kind: string): Promise<string> {
    running ??= (async () => {
      // Asked first, so that a folder that does not answer says so at once, not when a write hangs.
      await gate.run(() => fs.promises.mkdir(dir, { recursive: true }));
      if (kind === DAILY_KIND) await makeRoom();
      const file = path.join(dir, backupFileName(new Date(), kind));
      // Loaded when first needed: a server that never backs up does not carry the archive code.
      const { writeBackup } = await import('./write-backup.ts');
      await writeBackup({ database: deps.config.database, storage: deps.storage, file });
      lastFailure = null;
      reachedWhenFull = 0;
      failedInARow = 0;
      notBefore = 0;
      return file;
    })()
      .catch((error: unknown) => {
        if (error instanceof BackupNotWrittenError && error.reachedWhenFull)
          reachedWhenFull = Math.max(reachedWhenFull, error.reachedWhenFull);
        lastFailure = { at: new Date(), message: failureMessage(error) };
        const damage = damageIn(error);
        if (damage) deps.damage.note(damage);
        throw error;
      })
      .finally(() => (running = null));
    return running;
  }

  /**
   * Keeps the newest `keep` daily backups (the others, before a migration or restore, are left
   * alone), and the newest of the site before this database (139), and removes what backups cut
   * off long ago left behind.
   */
  async function prune(): Promise<void> {
    const daily = (await list()).filter((entry) => entry.kind === DAILY_KIND);
    const earlier = await earlierSite.keepInFolder();
    if (earlier !== undefined) for (const old of daily.slice(keep)) if (old.name !== earlier) await remove(old.name);
    await pruneOneOffs();
    const abandonedBefore = Date.now() - ABANDONED_AFTER_MS;
    const partial = (await gate.run(() => fs.promises.readdir(dir))).filter((entry) => entry.endsWith(PARTIAL_SUFFIX));
    for (const name of partial) {
      const modified = await gate.run(() =>
        fs.promises.stat(path.join(dir, name)).then(
          (stat) => stat.mtimeMs,
          () => Infinity,
        ),
      );
      if (modified < abandonedBefore) await remove(name);
    }
  }

  /** Backups before a migration or a restore are kept while the daily ones reach back to them (141). */
  async function pruneOneOffs(): Promise<void> {
    for (const old of oneOffsToRemove(await list(), keep)) await remove(old.name);
  }

  /**
   * The backups in the folder, newest first, leaving out those named after a time still to come:
   * taken while the clock ran ahead, one of them passed for today's until its day came, and no
   * daily backup was taken meanwhile (138).
   */
  let newestKnown: Date | null = null;
  const takenSoFar = async () => {
    const taken = (await list()).filter((entry) => !datedAhead(entry.at.getTime(), Date.now()));
    newestKnown = taken[0]?.at ?? null;
    return taken;
  };

  /** A folder that stopped answering is said once, and once again when it answers again. */
  let notAnswering = false;
  function folderAnswers(answers: boolean, error?: unknown): void {
    if (answers === !notAnswering) return;
    notAnswering = !answers;
    if (answers) deps.log.info({ dir }, 'the backup folder answers again');
    else deps.log.error({ err: error, dir }, `the backup folder does not answer (${NOT_ANSWERING_WHY}): no backup is taken until it does`);
  }

  async function runIfDue(): Promise<void> {
    const now = new Date();
    const due = lastOccurrence(now, hour, deps.config.timeZone);
    let newest;
    try {
      newest = (await takenSoFar()).find((entry) => entry.kind === DAILY_KIND);
      folderAnswers(true);
      if (lastFailure?.message === BACKUP_FOLDER_NOT_ANSWERING) lastFailure = null;
    } catch (error) {
      lastFailure = { at: new Date(), message: failureMessage(error) };
      folderAnswers(false, error);
      return;
    }
    // Half a check early counts: the timer and the clock need not agree to the millisecond.
    if ((!newest || newest.at < due) && Date.now() + CHECK_EVERY_MS / 2 >= notBefore) {
      try {
        const file = await take(DAILY_KIND);
        await prune();
        deps.log.info({ file }, 'daily backup taken');
      } catch (error) {
        if (error instanceof FolderNotAnsweringError) folderAnswers(false, error);
        else {
          const wait = retryAfterMs(++failedInARow);
          notBefore = Date.now() + wait;
          deps.log.error({ err: error }, `the daily backup failed; it is tried again in about ${wait / 60_000} minute(s)`);
        }
      }
    }
    // Whatever the bucket lacks (a new backup, or one a failed copy left behind) goes now.
    await offsite?.sync();
    await earlierSite.warn();
  }

  return {
    /** When the newest backup of any kind in the folder was taken, or null; while the folder does not answer, as last seen. */
    lastTakenAt: (): Promise<Date | null> =>
      takenSoFar().then(
        (taken) => taken[0]?.at ?? null,
        () => newestKnown,
      ),

    /** The last backup that failed, with what an administrator can do about it; null once one succeeds. */
    lastFailure: () => (gate.notAnsweringSince() ? { at: gate.notAnsweringSince()!, message: BACKUP_FOLDER_NOT_ANSWERING } : lastFailure),

    /** How many daily backups the folder's disk holds, when fewer than BACKUP_KEEP (found by the last one taken); else null. */
    roomFor: () => diskHolds,

    /** A backup into the folder (kept like the daily ones), for a download; resolves with its file. */
    takeNow: () =>
      take(DAILY_KIND).then(async (file) => {
        await prune();
        void offsite?.sync({ now: true });
        return file;
      }),

    /** The copies in the backup bucket (BACKUP_S3_BUCKET), or null without one. */
    offsite: (): OffsiteStatus | null => offsite?.status() ?? null,

    /** The newest backup of the site before this database, while the site holds no news, events or photos (139). */
    earlierSite: () => earlierSite.find(),

    /** The file of the backup in the folder with this name (one backupFileName gives), or null. */
    async fileNamed(name: string): Promise<string | null> {
      if (!BACKUP_FILE.test(name)) return null;
      const file = path.join(dir, name);
      const stat = await gate.run(() => fs.promises.stat(file).catch(() => null));
      return stat?.isFile() ? file : null;
    },

    /** Starts the daily backups (when BACKUP_DIR is set); a missed one (server down at that hour) is taken at start. */
    start(): () => void {
      // An upgrade's backup, or a restore's, is made while no server runs: at start they are looked at.
      pruneOneOffs().catch((error: unknown) =>
        deps.log.warn({ err: error, dir }, 'could not remove backups taken before a migration or a restore that are no longer needed'),
      );
      if (!deps.config.backup.daily) return () => {};
      void runIfDue();
      const timer = setInterval(() => void runIfDue(), CHECK_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

/** Why a backup failed, in words for an administrator (no server paths; the log has the details). */
function failureMessage(error: unknown): string {
  if (error instanceof BackupNotWrittenError) return BACKUP_NOT_WRITTEN;
  if (error instanceof FolderNotAnsweringError) return BACKUP_FOLDER_NOT_ANSWERING;
  if (damageIn(error)) return BACKUP_OF_DAMAGED;
  if (error instanceof DomainError || error instanceof NewerDatabaseError) return error.message;
  return 'The backup could not be taken because of an error on the server. Its log says more; tell whoever runs the site.';
}

/**
 * Before migrations change a database that holds a site, a backup of it as it is (into the
 * backup folder, named before-migration-…): an upgrade that goes wrong can be undone.
 */
export async function backupBeforeMigrating(deps: { db: Db; config: Config; storage: ImageStorage; log: Logger }): Promise<void> {
  const pending = await pendingMigrations(deps.db);
  if (pending.length === 0) return;
  const { describeSite } = await import('./restore-backup.ts');
  // Image files without rows (a database deleted to start again) cannot be backed up: there is nothing to keep.
  if ((await describeSite(deps.db.withoutPlugins(), deps.storage)).rows === null) return;
  const { writeBackup } = await import('./write-backup.ts');
  const dir = deps.config.backup.dir;
  const file = path.join(dir, backupFileName(new Date(), BEFORE_MIGRATION_KIND));
  try {
    // Asked first, through its gate: a folder that does not answer would hold the start for ever,
    // unsaid (144). Any other failure is met again, and said, by the write.
    await folderGate(dir)
      .run(() => fs.promises.mkdir(dir, { recursive: true }))
      .catch((error: unknown) => {
        if (error instanceof FolderNotAnsweringError) throw error;
      });
    await writeBackup({ database: deps.config.database, storage: deps.storage, file });
  } catch (error) {
    // A damaged database is said as such by whoever started this (docs/decisions/035).
    if (damageIn(error)) throw error;
    throw new UpgradeBackupError(error);
  }
  deps.log.info({ file, pending }, 'backup taken before applying migrations');
}

/**
 * The backup before an upgrade's migrations could not be taken, so nothing was migrated and the
 * site does not start: an upgrade that could not be undone is not made (its log line says why).
 */
export class UpgradeBackupError extends BackupError {
  override name = 'UpgradeBackupError';
  constructor(cause: unknown) {
    const why =
      cause instanceof BackupError
        ? cause.message
        : cause instanceof FolderNotAnsweringError
          ? `The backup folder ${cause.dir} does not answer (${NOT_ANSWERING_WHY}).`
          : `The backup could not be taken: ${String(cause)}.`;
    super(
      `The site was not started: this version changes the database, and a backup of it is taken first so that the change can be undone. ${why} Nothing was changed; start the site again once the backup folder (BACKUP_DIR, or DATA_DIR/backups) can take it.`,
      { cause },
    );
  }
}

/** The latest `hour`:00 in `timeZone` at or before `now`. */
export function lastOccurrence(now: Date, hour: number, timeZone: string): Date {
  const local = new TZDate(now.getTime(), timeZone);
  const today = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), hour, 0, 0, timeZone);
  if (today.getTime() <= now.getTime()) return new Date(today.getTime());
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - 1, hour, 0, 0, timeZone).getTime());
}
