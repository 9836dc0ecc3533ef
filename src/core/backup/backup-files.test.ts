import { describe, expect, it } from 'vitest';
import { lastOccurrence } from './backups.ts';
import { BACKUP_FILE, backupFileName } from './backup-files.ts';

describe('backup file names', () => {
  it('sort by time and say their kind', () => {
    const name = backupFileName(new Date('2026-11-24T03:15:09.123Z'));
    expect(name).toBe('club-backup-20261124-031509.tar.gz');
    expect(BACKUP_FILE.exec(backupFileName(new Date('2026-01-02T00:00:00Z'), 'before-migration'))?.slice(1)).toEqual([
      'before-migration',
      '20260102-000000',
    ]);
  });
});

describe('lastOccurrence', () => {
  it('is the latest given hour in the club time zone, across a change of the clocks', () => {
    // 03:00 in London is 03:00 UTC in winter and 02:00 UTC in summer.
    expect(lastOccurrence(new Date('2026-11-24T10:00:00Z'), 3, 'Europe/London').toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(lastOccurrence(new Date('2026-11-24T02:59:59Z'), 3, 'Europe/London').toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(lastOccurrence(new Date('2026-07-01T02:30:00Z'), 3, 'Europe/London').toISOString()).toBe('2026-07-01T02:00:00.000Z');
    expect(lastOccurrence(new Date('2026-03-29T12:00:00Z'), 3, 'Europe/London').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(lastOccurrence(new Date('2026-11-24T10:00:00Z'), 3, 'America/New_York').toISOString()).toBe('2026-11-24T08:00:00.000Z');
  });
});
