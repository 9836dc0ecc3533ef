import path from 'node:path';
import type { Logger } from '../logger.ts';
import { databaseMadeAt, type Db } from '../db/connect.ts';
import { DAILY_KIND, readBackups, takenBefore } from './backup-files.ts';
import { restoreFileCommand, restoreFromBucketCommand } from './restore-commands.ts';
import { siteHoldsContent } from './site-content.repository.ts';

// A disk lost, a volume not mounted, a container recreated without its volume: the server starts
// on an empty DATA_DIR and serves an empty site, while backups of the club's site wait in the
// backup folder on another disk or in the bucket. They are of a site from before this database
// (docs/decisions/139).

export interface EarlierSite {
  databaseMadeAt: Date;
  copyAt: Date;
  /** What restores it, on the server, stopped. */
  command: string;
}

export function createEarlierSite(deps: { db: Db; dir: string; bucketCopy: () => { name: string; at: Date } | null; log: Logger }) {
  // Made at the first start or by a restore (which needs the server stopped): asked once.
  let madeAt: Promise<Date | null> | null = null;
  const databaseMade = () =>
    (madeAt ??= databaseMadeAt(deps.db).catch((error: unknown) => {
      madeAt = null;
      throw error;
    }));
  let warnedOf: string | null = null;

  /** The newest daily backup in the folder taken before this database was made; undefined when that cannot be known now. */
  async function inFolder(): Promise<{ name: string; at: Date } | null | undefined> {
    const made = await databaseMade().catch(() => undefined);
    if (made === undefined) return undefined;
    if (!made) return null;
    // Through the folder's gate: unknown now while it does not answer (144).
    const backups = await readBackups(deps.dir).catch(() => undefined);
    if (backups === undefined) return undefined;
    return backups.find((backup) => backup.kind === DAILY_KIND && takenBefore(backup.at, made)) ?? null;
  }

  /** The newest backup of the site before this database, while the site holds no news, events or photos. */
  async function find(): Promise<EarlierSite | null> {
    const made = await databaseMade();
    if (!made) return null;
    const local = await inFolder();
    const bucket = deps.bucketCopy();
    // The folder's when it is as new: it needs neither the bucket nor a key.
    const newest =
      local && (!bucket || local.at >= bucket.at)
        ? { ...local, command: restoreFileCommand(path.join(deps.dir, local.name)) }
        : bucket && { ...bucket, command: restoreFromBucketCommand(bucket.name) };
    if (!newest || (await siteHoldsContent(deps.db))) return null;
    return { databaseMadeAt: made, copyAt: newest.at, command: newest.command };
  }

  return {
    databaseMade,
    find,
    /**
     * The daily backup the folder's trim must leave beside the newest BACKUP_KEEP: the newest of
     * the site before this database (without it, an empty site's daily backups would push the
     * club's out of the folder within BACKUP_KEEP days). Undefined: not known now, trim nothing.
     */
    async keepInFolder(): Promise<string | null | undefined> {
      const earlier = await inFolder();
      return earlier === undefined ? undefined : (earlier?.name ?? null);
    },
    /** Says it in the log, once for each backup it names. */
    async warn(): Promise<void> {
      const earlier = await find().catch(() => null);
      if (!earlier || warnedOf === earlier.command) return;
      warnedOf = earlier.command;
      deps.log.warn(
        { databaseMadeAt: earlier.databaseMadeAt, earlierBackupAt: earlier.copyAt },
        `this site's database is new and holds no news, events or photos, but backups of the site from before it are kept: if the site lost its data, stop it and run ${earlier.command}`,
      );
    },
  };
}
