import { describe, expect, it } from 'vitest';
import { describeActivity, newAdministratorLine, restoredNotice } from './activity.schema.ts';

describe('describeActivity', () => {
  it('makes each line a sentence, its subject where the words need it', () => {
    const line = (
      action: Parameters<typeof describeActivity>[0]['action'],
      subjectKind: Parameters<typeof describeActivity>[0]['subjectKind'],
      subjectLabel: string | null,
      adminName: string | null = 'alice',
    ) => describeActivity({ adminName, action, subjectKind, subjectLabel });
    expect(line('deleted-for-ever', 'event', 'Christmas fair')).toBe('alice deleted the event “Christmas fair” for ever');
    expect(line('signed-out-everywhere', 'administrator', 'bob')).toBe('alice signed the administrator “bob” out on every device');
    expect(line('added', 'photo', null)).toBe('alice added the gallery photo (no caption)');
    expect(line('edited', 'settings', null)).toBe('alice edited the site settings');
    expect(line('signed-in', null, null)).toBe('alice signed in');
    expect(line('set-password', 'administrator', 'bob', null)).toBe(
      'The server’s command line set a new password for the administrator “bob”',
    );
  });
});

describe('restoredNotice', () => {
  it("tells what 'Restore all' did, nothing included", () => {
    expect([0, 1, 3].map(restoredNotice)).toEqual([
      'Nothing to restore: it was restored or deleted for ever already.',
      'Restored 1 item: back on the site as it was.',
      'Restored 3 items: back on the site as they were.',
    ]);
  });
});

describe('newAdministratorLine', () => {
  it('says who added an administrator, or put one back (docs/decisions/125)', () => {
    const admin = { id: 'x', username: 'backdoor', at: '2026-11-30T09:00:00.000Z' };
    expect(newAdministratorLine({ ...admin, addedBy: 'helper', restored: false }, 'today')).toBe(
      'helper made backdoor an administrator on today. ',
    );
    expect(newAdministratorLine({ ...admin, addedBy: null, restored: false }, 'today')).toBe(
      "backdoor was made an administrator from the server's command line on today. ",
    );
    expect(newAdministratorLine({ ...admin, addedBy: 'helper', restored: true }, 'today')).toBe(
      'helper put backdoor back as an administrator on today. ',
    );
  });
});
