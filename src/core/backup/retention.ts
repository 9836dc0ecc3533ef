import { DAY_MS } from '../shared/time.ts';
import { DAILY_KIND } from './backup-files.ts';

/** Weeks and months back, among those with a copy, whose newest copy the bucket keeps beside the daily ones. */
export const KEEP_WEEKLY = 8;
export const KEEP_MONTHLY = 12;

/** Monday-based week number since 1970 (whose 1 January was a Thursday), in UTC like the names. */
const weekOf = (at: Date) => Math.floor((Math.floor(at.getTime() / DAY_MS) + 3) / 7);
const monthOf = (at: Date) => at.getUTCFullYear() * 12 + at.getUTCMonth();

/**
 * The copies a bucket keeps, newest first (docs/decisions/137): the newest `daily`, and the newest of each of the
 * last KEEP_WEEKLY weeks and KEEP_MONTHLY months that have one (restic's `--keep-last`,
 * `--keep-weekly` and `--keep-monthly`). The daily ones alone were all replaced within `daily` days
 * by backups of whatever the site had become: a site started empty on a disk that was lost or not
 * mounted, or emptied by someone who had an administrator's password, left no copy of the club's
 * content after two weeks nobody noticed.
 */
export function copiesToKeep<T extends { at: Date }>(newestFirst: readonly T[], daily: number): T[] {
  const kept = new Set(newestFirst.slice(0, daily));
  for (const [periodOf, count] of [
    [weekOf, KEEP_WEEKLY],
    [monthOf, KEEP_MONTHLY],
  ] as const) {
    const periods = new Set<number>();
    for (const copy of newestFirst) {
      const period = periodOf(copy.at);
      if (periods.has(period)) continue;
      if (periods.size === count) break;
      periods.add(period);
      kept.add(copy);
    }
  }
  return newestFirst.filter((copy) => kept.has(copy));
}

/**
 * Of the backups in the folder (newest first), those of other kinds (before a migration, before a
 * restore, decrypted) to remove (docs/decisions/141): each is kept while the daily backups kept
 * reach back to it, and among the newest `keep` of its kind; the newest of each kind always. Left
 * alone, one was added at every upgrade and every restore for as long as the site ran. Judged by
 * the names' times against each other, never against the clock (a clock set wrong removes nothing).
 */
export function oneOffsToRemove<T extends { kind: string; at: Date }>(newestFirst: readonly T[], keep: number): T[] {
  const daily = newestFirst.filter((backup) => backup.kind === DAILY_KIND);
  // Fewer than `keep` daily backups: they do not yet say how far back the folder reaches.
  const reach = daily.length >= keep ? daily[keep - 1]!.at.getTime() : null;
  const seen = new Map<string, number>();
  return newestFirst.filter((backup) => {
    if (backup.kind === DAILY_KIND) return false;
    const rank = seen.get(backup.kind) ?? 0;
    seen.set(backup.kind, rank + 1);
    if (rank === 0) return false;
    return rank >= keep || (reach !== null && backup.at.getTime() < reach);
  });
}
