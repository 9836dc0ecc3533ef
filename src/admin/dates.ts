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
  const today = new TZDate(now.getTime(), timeZone);
  const days = (SATURDAY - today.getDay() + 7) % 7 || 7;
  const start = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, DEFAULT_EVENT_HOUR, 0, 0, timeZone);
  return format(start, "yyyy-MM-dd'T'HH:mm");
}
