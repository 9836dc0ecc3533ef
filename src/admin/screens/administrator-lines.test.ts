import { describe, expect, it } from 'vitest';
import { givenPasswordEnds } from '../../core/admins/admins.schema.ts';
import { passwordGiven } from './administrator-lines.ts';

describe('the line under an administrator whose password someone else set', () => {
  const givenAt = '2026-11-20T09:00:00.000Z';
  const until = new Date(givenPasswordEnds(givenAt)).toISOString();

  // As the server decides (auth.service.ts): it signs in up to and including that moment.
  it('says until when it works while it does, and that it no longer works once it ended', () => {
    expect(until).toBe('2026-11-27T09:00:00.000Z');
    for (const now of ['2026-11-20T09:00:00Z', '2026-11-27T09:00:00Z']) {
      expect(passwordGiven(until, 'November 27, 2026 at 09:00', Date.parse(now))).toBe(
        'Has a password someone else set, which works until November 27, 2026 at 09:00: they choose their own when they sign in with it.',
      );
    }
    for (const now of ['2026-11-27T09:00:00.001Z', '2027-01-01T00:00:00Z']) {
      expect(passwordGiven(until, 'November 27, 2026 at 09:00', Date.parse(now))).toBe(
        'The password someone else set for them was not used in time and no longer works: set a new one.',
      );
    }
  });
});
