import { describe, expect, it } from 'vitest';
import { dailyBackups } from './backup-lines.ts';

describe('the line saying how the server backs up by itself', () => {
  it('says the hour and how many are kept, and when the disk holds fewer, how many and what to do', () => {
    expect(dailyBackups({ daily: true, hour: 3, keep: 14, roomFor: null })).toBe(
      'The server takes one every day at 03:00 and keeps the newest 14.',
    );
    expect(dailyBackups({ daily: true, hour: 23, keep: 14, roomFor: 3 })).toBe(
      'The server takes one every day at 23:00 and keeps the newest 14. Its disk has room for only 3, so the oldest are removed sooner: whoever runs the site can give it a larger disk, or set BACKUP_KEEP lower.',
    );
  });

  it('says to download one now and then when the server takes none', () => {
    expect(dailyBackups({ daily: false, hour: 3, keep: 14, roomFor: null })).toMatch(/^The server does not take backups by itself/);
  });
});
