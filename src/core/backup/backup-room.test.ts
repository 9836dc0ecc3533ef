import { describe, expect, it } from 'vitest';
import { BACKUP_ROOM_LEFT_FRACTION, expectedBackupBytes, retryAfterMs, roomFor } from './backup-room.ts';

const MB = 1024 * 1024;
const total = 100 * MB;
const leave = total * BACKUP_ROOM_LEFT_FRACTION;
/** Daily backups of 10 MB, newest first. */
const daily = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `day-${count - i}`, bytes: 10 * MB }));

describe('roomFor', () => {
  it('removes nothing when the backup fits with room left', () => {
    expect(roomFor(10 * MB, { free: 10 * MB + leave, total }, daily(5))).toEqual({ remove: [], fits: true });
  });

  it('removes the oldest daily backups, one by one, until it fits', () => {
    expect(roomFor(11 * MB, { free: 5 * MB, total }, daily(5))).toEqual({ remove: ['day-1'], fits: true });
    expect(roomFor(24 * MB, { free: 5 * MB, total }, daily(5))).toEqual({ remove: ['day-1', 'day-2'], fits: true });
  });

  it('never removes the newest, nor the site before this database, and removes none for a backup that cannot fit', () => {
    expect(roomFor(11 * MB, { free: 5 * MB, total }, daily(5), 'day-1')).toEqual({ remove: ['day-2'], fits: true });
    expect(roomFor(44 * MB, { free: 5 * MB, total }, daily(5))).toEqual({ remove: ['day-1', 'day-2', 'day-3', 'day-4'], fits: true });
    expect(roomFor(45 * MB, { free: 5 * MB, total }, daily(5))).toEqual({ remove: [], fits: false });
    expect(roomFor(11 * MB, { free: 5 * MB, total }, daily(1))).toEqual({ remove: [], fits: false });
  });

  it('leaves the last hundredth of the disk to the site', () => {
    expect(roomFor(10 * MB, { free: 10 * MB, total }, daily(1)).fits).toBe(false);
    expect(roomFor(10 * MB - leave, { free: 10 * MB, total }, daily(1)).fits).toBe(true);
  });
});

describe('expectedBackupBytes', () => {
  it('is the newest backup and a tenth more, or more than a write cut off by a full disk reached', () => {
    expect(expectedBackupBytes(10 * MB)).toBe(11 * MB);
    expect(expectedBackupBytes(10 * MB, 20 * MB)).toBe(22 * MB);
    expect(expectedBackupBytes(0)).toBe(0);
  });
});

describe('retryAfterMs', () => {
  it('waits longer after each failure in a row, up to an hour', () => {
    expect([1, 2, 3, 4, 5, 100].map((failed) => retryAfterMs(failed) / 60_000)).toEqual([1, 5, 15, 60, 60, 60]);
  });
});
