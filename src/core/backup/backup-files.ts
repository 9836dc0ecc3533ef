/** `club-backup-20261124-031500.tar.gz`: names sort by time, in UTC. */
export function backupFileName(at: Date, kind = 'club-backup'): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${kind}-${stamp}.tar.gz`;
}
