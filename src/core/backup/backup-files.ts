import fs from 'node:fs';
import path from 'node:path';
import { folderGate, FolderNotAnsweringError, NOT_ANSWERING_WHY } from '../disk/folder-gate.ts';
import { restoreFileCommand } from './restore-commands.ts';

/** `20261124-031500`: sorts by time, in UTC. */
export const timeStamp = (at: Date): string => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** The daily backups' kind (`club-backup-…`, and those `npm run backup` and downloads take): the folder keeps the newest BACKUP_KEEP. */
export const DAILY_KIND = 'club-backup';

/** The backup taken before an upgrade's migrations: the way back to the version before (140). */
export const BEFORE_MIGRATION_KIND = 'before-migration';

/** `club-backup-20261124-031500.tar.gz`: names sort by time. */
export function backupFileName(at: Date, kind = DAILY_KIND): string {
  return `${kind}-${timeStamp(at)}.tar.gz`;
}

/** A name backupFileName gives: its kind and its UTC time stamp. */
export const BACKUP_FILE = /^([a-z-]+)-(\d{8}-\d{6})\.tar\.gz$/;

/** Whether a backup named `at` was taken before `when` (a database made, a migration run): names count whole seconds. */
export const takenBefore = (at: Date, when: Date) => at.getTime() < Math.floor(when.getTime() / 1000) * 1000;

/** The ending of a backup being written (`{name}.{random}.partial`): renamed once whole and durable. */
export const PARTIAL_SUFFIX = '.partial';

/**
 * The backups in a folder, newest first (none when it is not there or cannot be read), without
 * holding the server while the folder's disk does not answer: through its gate (folder-gate.ts);
 * rejects with FolderNotAnsweringError then.
 */
export async function readBackups(dir: string): Promise<{ name: string; kind: string; at: Date }[]> {
  const names = await folderGate(dir)
    .run(() => fs.promises.readdir(dir))
    .catch((error: unknown) => {
      if (error instanceof FolderNotAnsweringError) throw error;
      return [];
    });
  return backupsAmong(names);
}

/** The names among `names` that backupFileName gives, with their kind and time, newest first. */
export function backupsAmong(names: string[]): { name: string; kind: string; at: Date }[] {
  return names
    .map((name) => ({ name, match: BACKUP_FILE.exec(name) }))
    .filter((entry) => entry.match !== null)
    .map(({ name, match }) => ({ name, kind: match![1]!, at: stampToDate(match![2]!) }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** What whoever runs the site does about a damaged database: the command, with the newest backup it can use. */
export async function restoreAdvice(dir: string): Promise<string> {
  const elsewhere = 'stop the server and restore one kept elsewhere with npm run restore -- FILE --replace';
  let newest;
  try {
    newest = (await readBackups(dir))[0];
  } catch (error) {
    if (!(error instanceof FolderNotAnsweringError)) throw error;
    return `the backup folder ${dir} does not answer (${NOT_ANSWERING_WHY}): ${elsewhere}`;
  }
  return newest
    ? `stop the server and restore the newest good backup: ${restoreFileCommand(path.join(dir, newest.name))}`
    : `no backup is in ${dir}: ${elsewhere}`;
}

function stampToDate(stamp: string): Date {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/.exec(stamp)!;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}
