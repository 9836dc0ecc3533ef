import { describe, expect, it } from 'vitest';
import { takenBefore } from './backup-files.ts';

describe('takenBefore', () => {
  it('counts a backup named in the second a database was made as of that database, and one a second earlier as of the site before', () => {
    const made = new Date('2026-11-30T23:06:41.730Z');
    expect(takenBefore(new Date('2026-11-30T23:06:41.000Z'), made)).toBe(false);
    expect(takenBefore(new Date('2026-11-30T23:06:40.000Z'), made)).toBe(true);
    expect(takenBefore(new Date('2026-11-27T02:00:00.000Z'), made)).toBe(true);
    expect(takenBefore(new Date('2026-12-01T03:00:00.000Z'), made)).toBe(false);
  });
});
