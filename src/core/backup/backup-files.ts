/** `club-backup-20261124-031500.tar.gz`: names sort by time, in UTC. */
export function backupFileName(at: Date, kind = 'club-backup'): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${kind}-${stamp}.tar.gz`;
}

/** A name backupFileName gives: its kind and its UTC time stamp. */
export const BACKUP_FILE = /^([a-z-]+)-(\d{8}-\d{6})\.tar\.gz$/;

/** The ending of a backup being written (`{name}.{random}.partial`): renamed once whole and durable. */
export const PARTIAL_SUFFIX = '.partial';
