import { describe, expect, it } from 'vitest';
import { formatDisplayDate, toUtcIso } from '../core/shared/time.ts';
import { copiedEventStart, dateInputValue, dateTimeInputValue, defaultEventStart } from './dates.ts';

describe('admin dates in the club time zone', () => {
  it('round-trips date and date-time inputs through ISO timestamps', () => {
    expect(toUtcIso('2026-07-01', 'Europe/London')).toBe('2026-06-30T23:00:00.000Z');
    expect(dateInputValue('2026-06-30T23:00:00.000Z', 'Europe/London')).toBe('2026-07-01');
    expect(toUtcIso('2026-12-05T10:30', 'Europe/London')).toBe('2026-12-05T10:30:00.000Z');
    expect(dateTimeInputValue('2026-07-05T09:30:00.000Z', 'Europe/London')).toBe('2026-07-05T10:30');
    expect(formatDisplayDate('2026-06-30T23:00:00.000Z', 'Europe/London')).toBe('July 1, 2026');
  });
});

describe('defaultEventStart', () => {
  it('is the next Saturday at 10:00 in the club time zone, never today or earlier', () => {
    // Tuesday 24 November 2026, late evening: Saturday the 28th.
    expect(defaultEventStart(new Date('2026-11-24T22:00:00Z'), 'Europe/London')).toBe('2026-11-28T10:00');
    // Saturday at 11:00 (10:00 is past): the Saturday after.
    expect(defaultEventStart(new Date('2026-11-28T11:00:00Z'), 'Europe/London')).toBe('2026-12-05T10:00');
    // Saturday at 08:00: still the next one, not in two hours.
    expect(defaultEventStart(new Date('2026-11-28T08:00:00Z'), 'Europe/London')).toBe('2026-12-05T10:00');
    // Friday 23:30 in New York is Saturday in UTC: the club's Friday decides.
    expect(defaultEventStart(new Date('2026-11-28T04:30:00Z'), 'America/New_York')).toBe('2026-11-28T10:00');
    for (let day = 0; day < 14; day++) {
      const now = new Date(Date.UTC(2027, 2, 20 + day, 12));
      expect(toUtcIso(defaultEventStart(now, 'Europe/London'), 'Europe/London') > now.toISOString()).toBe(true);
    }
  });
});

describe('copiedEventStart', () => {
  it("is the original's weekday and time in the club time zone, the first such day after today and after the original", () => {
    // A Tuesday 19:30 event in July (summer time), copied on Sunday 29 November: Tuesday 1 December at 19:30.
    expect(copiedEventStart('2026-07-07T18:30:00.000Z', new Date('2026-11-29T12:00:00Z'), 'Europe/London')).toBe('2026-12-01T19:30');
    // Copied on the Tuesday itself, before the time: a week later, never today.
    expect(copiedEventStart('2026-07-07T18:30:00.000Z', new Date('2026-12-01T08:00:00Z'), 'Europe/London')).toBe('2026-12-08T19:30');
    // Saturday 10:00 in New York is 15:00 UTC: the club's Saturday, not UTC's.
    expect(copiedEventStart('2026-11-28T15:00:00.000Z', new Date('2026-11-29T12:00:00Z'), 'America/New_York')).toBe('2026-12-05T10:00');
    // Across the clocks going forward (28 March 2027): still 10:00 on the wall, an hour earlier in UTC.
    expect(copiedEventStart('2027-03-20T10:00:00.000Z', new Date('2027-03-28T12:00:00Z'), 'Europe/London')).toBe('2027-04-03T10:00');
    expect(toUtcIso('2027-04-03T10:00', 'Europe/London')).toBe('2027-04-03T09:00:00.000Z');
    // An event still to come: a week after it, not before it.
    expect(copiedEventStart('2030-06-01T09:30:00.000Z', new Date('2026-11-29T12:00:00Z'), 'Europe/London')).toBe('2030-06-08T10:30');
  });
});
