import { describe, expect, it } from 'vitest';
import { formatDisplayDate, parseDateInput, formatDisplayTime, formatEventWhen } from './time.ts';

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

describe('event times', () => {
  it("shows an event's start time in the club's zone beside the spec's date, and none at midnight (all day)", () => {
    expect(formatDisplayTime('2026-12-05T19:00:00.000Z', 'Europe/London')).toBe('7:00 PM');
    expect(formatDisplayTime('2026-07-05T09:30:00.000Z', 'Europe/London')).toBe('10:30 AM');
    expect(formatDisplayTime('2026-12-05T00:00:00.000Z', 'Europe/London')).toBeNull();
    expect(formatEventWhen('2026-12-05T19:00:00.000Z', 'Europe/London')).toBe('December 5, 2026 at 7:00 PM');
    expect(formatEventWhen('2026-12-05T00:00:00.000Z', 'Europe/London')).toBe('December 5, 2026');
    // Late in the evening in New York is the next day in UTC: the club's date and time.
    expect(formatEventWhen('2026-12-06T01:30:00.000Z', 'America/New_York')).toBe('December 5, 2026 at 8:30 PM');
  });
});
