import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { createContext, useContext } from 'react';

/** The club's time zone, handed to the app by the page; forms and lists use it, never the browser's. */
export const TimeZoneContext = createContext('UTC');
export const useTimeZone = () => useContext(TimeZoneContext);

export function displayDate(iso: string, timeZone: string): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), 'MMMM d, yyyy');
}

/** The value of a date input for an instant, in the club's time zone. */
export function dateInputValue(iso: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), 'yyyy-MM-dd');
}

/** The value of a datetime-local input for an instant, in the club's time zone. */
export function dateTimeInputValue(iso: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(iso).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** A date input's value as the ISO timestamp of that day's midnight in the club's time zone. */
export function dateInputToIso(value: string, timeZone: string): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime()).toISOString();
}

/** A datetime-local value as the ISO timestamp of that wall-clock time in the club's time zone. */
export function dateTimeInputToIso(value: string, timeZone: string): string {
  const [date = '', time = '00:00'] = value.split('T');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime()).toISOString();
}
