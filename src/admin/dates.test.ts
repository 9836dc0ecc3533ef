import { describe, expect, it } from 'vitest';
import { formatDisplayDate, toUtcIso } from '../core/shared/time.ts';
import { dateInputValue, dateTimeInputValue } from './dates.ts';

describe('admin dates in the club time zone', () => {
  it('round-trips date and date-time inputs through ISO timestamps', () => {
    expect(toUtcIso('2026-07-01', 'Europe/London')).toBe('2026-06-30T23:00:00.000Z');
    expect(dateInputValue('2026-06-30T23:00:00.000Z', 'Europe/London')).toBe('2026-07-01');
    expect(toUtcIso('2026-12-05T10:30', 'Europe/London')).toBe('2026-12-05T10:30:00.000Z');
    expect(dateTimeInputValue('2026-07-05T09:30:00.000Z', 'Europe/London')).toBe('2026-07-05T10:30');
    expect(formatDisplayDate('2026-06-30T23:00:00.000Z', 'Europe/London')).toBe('July 1, 2026');
  });
});
