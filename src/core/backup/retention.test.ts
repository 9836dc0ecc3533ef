import { describe, expect, it } from 'vitest';
import { copiesToKeep, KEEP_MONTHLY, KEEP_WEEKLY, oneOffsToRemove } from './retention.ts';
import { backupsAmong, backupFileName } from './backup-files.ts';

const copy = (iso: string) => ({ name: iso, at: new Date(iso) });
/** One copy a day at 02:00 UTC for `days` days up to `last`, newest first. */
const dailyCopies = (last: string, days: number) =>
  Array.from({ length: days }, (_, i) => copy(new Date(Date.parse(last) - i * 86_400_000).toISOString()));
const names = (kept: { name: string }[]) => kept.map((c) => c.name).sort();

describe('copiesToKeep', () => {
  it('keeps the newest daily ones, then the newest of each earlier week and month', () => {
    const copies = dailyCopies('2026-11-30T02:00:00.000Z', 400);
    const kept = copiesToKeep(copies, 14);
    const all = names(kept);
    // The 14 newest: 17 to 30 November.
    expect(all.filter((n) => n >= '2026-11-17')).toHaveLength(14);
    // Sundays (the last day of a Monday-based week) of the 8 newest weeks, the newest week's being 30 November (a Monday).
    for (const sunday of ['2026-11-29', '2026-11-22', '2026-11-15', '2026-11-08', '2026-11-01', '2026-10-25', '2026-10-18']) {
      expect(all).toContain(`${sunday}T02:00:00.000Z`);
    }
    expect(all).not.toContain('2026-10-11T02:00:00.000Z');
    // The last day of the 12 newest months: November (the 30th) back to December 2025.
    for (const last of ['2026-10-31', '2026-09-30', '2026-02-28', '2025-12-31']) expect(all).toContain(`${last}T02:00:00.000Z`);
    expect(all).not.toContain('2025-11-30T02:00:00.000Z');
    expect(kept.length).toBeLessThanOrEqual(14 + KEEP_WEEKLY + KEEP_MONTHLY);
  });

  it('after a site began again empty, its own copies replace the daily ones, but weeks and months of the earlier one stay', () => {
    const before = dailyCopies('2026-09-30T02:00:00.000Z', 200);
    const emptySite = dailyCopies('2026-10-20T02:00:00.000Z', 20);
    const kept = names(copiesToKeep([...emptySite, ...before], 14));
    expect(kept).toContain('2026-09-30T02:00:00.000Z');
    expect(kept.filter((n) => n < '2026-10-01').length).toBeGreaterThanOrEqual(KEEP_MONTHLY - 1);
  });

  it('keeps every copy while there are fewer than the daily count, and one a period once there are more', () => {
    const few = dailyCopies('2026-11-30T02:00:00.000Z', 3);
    expect(copiesToKeep(few, 14).length).toBe(3);
    const sameDay = ['2026-11-30T02:00:00.000Z', '2026-11-30T01:00:00.000Z', '2026-11-30T00:00:01.000Z'].map(copy);
    expect(names(copiesToKeep(sameDay, 2))).toEqual(['2026-11-30T01:00:00.000Z', '2026-11-30T02:00:00.000Z']);
    expect(copiesToKeep([], 14).length).toBe(0);
  });
});

describe('oneOffsToRemove', () => {
  const at = (day: number, kind = 'club-backup') => backupFileName(new Date(Date.UTC(2026, 10, day, 3)), kind);
  const removed = (names: string[], keep: number) =>
    oneOffsToRemove(backupsAmong(names), keep)
      .map((backup) => backup.name)
      .sort();

  it('removes those the daily backups kept no longer reach back to, but never the newest of a kind', () => {
    const dailies = [20, 21, 22].map((day) => at(day));
    const names = [
      ...dailies,
      at(2, 'before-migration'),
      at(10, 'before-migration'),
      at(21, 'before-migration'),
      at(5, 'before-restore'),
      at(1, 'decrypted'),
      at(3, 'decrypted'),
    ];
    expect(removed(names, 3)).toEqual([at(10, 'before-migration'), at(2, 'before-migration'), at(1, 'decrypted')].sort());
    // The newest of each kind stays however old: the way back from the last upgrade, and from the last restore.
    expect(removed(names, 3)).not.toContain(at(5, 'before-restore'));
  });

  it('keeps at most `keep` of a kind, and judges nothing by the clock while the daily backups are fewer than `keep`', () => {
    const upgrades = [1, 2, 3, 4, 5].map((day) => at(day, 'before-migration'));
    expect(removed([at(30), ...upgrades], 3)).toEqual([at(1, 'before-migration'), at(2, 'before-migration')].sort());
    expect(removed(upgrades, 14)).toEqual([]);
  });

  it('leaves the daily backups to the daily trim', () => {
    expect(
      removed(
        [1, 2, 3, 4].map((day) => at(day)),
        2,
      ),
    ).toEqual([]);
  });
});
