// A backup folder's disk sized for fewer backups than BACKUP_KEEP, or outgrown by the site's
// photos over the years: each daily backup failed on the full disk, the newest backup kept grew
// older every day, and each minute the server wrote the whole archive again until the disk was
// full (and, on the site's own disk, saves failed meanwhile). Now the oldest daily backups make
// room for the new one, as Time Machine does, and a backup that cannot fit is not begun
// (docs/decisions/145).

/** A backup never takes the last of this share of its disk: on the site's own disk, text is still saved while it is written. */
export const BACKUP_ROOM_LEFT_FRACTION = 0.01;

/** A new backup is taken to be this much larger than the newest one: the site grows between two. */
const GROWTH = 1.1;

/** About how large the next backup will be: the newest one's size, or what a write cut off by a full disk had reached. */
export const expectedBackupBytes = (newestBytes: number, reachedWhenFull = 0): number =>
  Math.ceil(Math.max(newestBytes, reachedWhenFull) * GROWTH);

export interface RoomPlan {
  /** The daily backups to remove first, oldest first. */
  remove: string[];
  /** Whether the backup fits once they are removed; when it does not, `remove` is empty. */
  fits: boolean;
}

/**
 * Which daily backups to remove so that one of `needed` bytes fits on a disk with `free` of
 * `total` bytes, leaving it BACKUP_ROOM_LEFT_FRACTION. The oldest go first; never the newest
 * (the site until the new one is whole), nor `keep` (the site before this database, 139). When
 * even that is not enough, nothing is removed: older backups are not given up for one that
 * cannot be written.
 */
export function roomFor(
  needed: number,
  disk: { free: number; total: number },
  dailyNewestFirst: readonly { name: string; bytes: number }[],
  keep?: string,
): RoomPlan {
  const leave = disk.total * BACKUP_ROOM_LEFT_FRACTION;
  let free = disk.free;
  const remove: string[] = [];
  for (const backup of [...dailyNewestFirst.slice(1)].reverse()) {
    if (free - needed >= leave) break;
    if (backup.name === keep) continue;
    remove.push(backup.name);
    free += backup.bytes;
  }
  return free - needed >= leave ? { remove, fits: true } : { remove: [], fits: false };
}

const RETRY_AFTER_MINUTES = [1, 5, 15, 60];

/**
 * The wait before the next daily backup after `failedInARow` failed (1 minute, 5, 15, then every
 * hour): a disk that cannot take one is not written full every minute, nor the log filled.
 */
export const retryAfterMs = (failedInARow: number): number =>
  RETRY_AFTER_MINUTES[Math.min(Math.max(failedInARow, 1), RETRY_AFTER_MINUTES.length) - 1]! * 60_000;
