import { describe, expect, it } from 'vitest';
import { formatDisplayDate, parseDateInput } from './time.ts';

describe('parseDateInput', () => {
  it('reads a date without a zone at midnight in the club time zone', () => {
    expect(parseDateInput('2026-01-15', 'Europe/London')?.toISOString()).toBe('2026-01-15T00:00:00.000Z');
    // British Summer Time: midnight in London is 23:00 UTC the day before.
    expect(parseDateInput('2026-06-01', 'Europe/London')?.toISOString()).toBe('2026-05-31T23:00:00.000Z');
    expect(parseDateInput('2026-06-01T18:30', 'Europe/London')?.toISOString()).toBe('2026-06-01T17:30:00.000Z');
  });

  it('keeps the instant of a timestamp with a zone', () => {
    expect(parseDateInput('2026-06-01T18:30:00.000Z', 'Europe/London')?.toISOString()).toBe('2026-06-01T18:30:00.000Z');
    expect(parseDateInput('2026-06-01T18:30:00+02:00', 'Europe/London')?.toISOString()).toBe('2026-06-01T16:30:00.000Z');
  });

  it('refuses impossible or unreadable dates', () => {
    for (const bad of ['2026-02-30', '2026-13-01', 'tomorrow', '', '2026-02-30T10:00:00Z', '12/01/2026', '0001-01-01', '9999-01-01'])
      expect(parseDateInput(bad, 'Europe/London'), bad).toBeNull();
  });
});

describe('formatDisplayDate', () => {
  it("formats as 'MMMM d, yyyy' in the club's zone, not the server's", () => {
    expect(formatDisplayDate('2026-05-31T23:00:00.000Z', 'Europe/London')).toBe('June 1, 2026');
    expect(formatDisplayDate('2026-05-31T23:00:00.000Z', 'America/New_York')).toBe('May 31, 2026');
  });
});
