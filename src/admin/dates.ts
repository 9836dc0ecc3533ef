import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { createContext, useContext } from 'react';

// Display and parsing live in core/shared/time.ts (formatDisplayDate, toUtcIso), shared with the
// server; this file only adds what the form inputs need.

/** The club's time zone, handed to the app by the page; forms and lists use it, never the browser's. */
export const TimeZoneContext = createContext('UTC');
export const useTimeZone = () => useContext(TimeZoneContext);

/** The value of a date input for an instant, in the club's time zone. */
export function dateInputValue(iso: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), 'yyyy-MM-dd');
}

/** The value of a datetime-local input for an instant, in the club's time zone. */
export function dateTimeInputValue(iso: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

const SATURDAY = 6;
const DEFAULT_EVENT_HOUR = 10;

/**
 * Where a new event's date starts: the next Saturday at 10:00 in the club's time zone, after
 * today (never a time already past, and a club's usual day; the volunteer changes it as needed).
 */
export function defaultEventStart(now: Date, timeZone: string): string {
  return nextWeekdayAt(now, timeZone, SATURDAY, DEFAULT_EVENT_HOUR, 0);
}

/**
 * Where a copy of an event starts (docs/decisions/098): on its weekday at its time, the first such
 * day after both today and the event itself (the monthly Saturday morning, once more: a week on
 * from the last one still to come, else from today); the volunteer moves it on as needed.
 */
export function copiedEventStart(original: string, now: Date, timeZone: string): string {
  const from = new Date(original);
  const at = new TZDate(from.getTime(), timeZone);
  return nextWeekdayAt(from > now ? from : now, timeZone, at.getDay(), at.getHours(), at.getMinutes());
}

/** The first day after today in `timeZone` that is a `weekday` (0 Sunday), at hour:minute there, as a date-time field's value. */
function nextWeekdayAt(now: Date, timeZone: string, weekday: number, hour: number, minute: number): string {
  const today = new TZDate(now.getTime(), timeZone);
  const days = (weekday - today.getDay() + 7) % 7 || 7;
  const start = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, minute, 0, timeZone);
  return format(start, "yyyy-MM-dd'T'HH:mm");
}
