import { TZDate } from '@date-fns/tz';
// One module each: the package's index loads all of date-fns (about 250 MB resident on the
// server), and its `format` alone about 50 MB; dates are written with Intl and TZDate instead.
import { addDays } from 'date-fns/addDays';
import { startOfDay } from 'date-fns/startOfDay';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

const MIN_YEAR = 1900;
const MAX_YEAR = 2200;

/**
 * Reads a date as the forms and the API send it: an ISO timestamp with a zone, or a date or
 * date-time without one, which is read in the club's time zone (never the server's).
 * Returns null for anything else, including impossible dates such as 2026-02-30.
 */
export function parseDateInput(value: string, timeZone: string): Date | null {
  const text = value.trim();
  let date: Date;
  if (ZONED_DATE_TIME.test(text)) {
    date = new Date(text);
    if (!sameCalendarDay(text, date)) return null;
  } else {
    const m = DATE_ONLY.exec(text) ?? LOCAL_DATE_TIME.exec(text);
    if (!m) return null;
    const parts = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts;
    if (year < MIN_YEAR || year > MAX_YEAR) return null;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
    const zoned = new TZDate(year, month - 1, day, hour, minute, second, timeZone);
    if (zoned.getMonth() !== month - 1 || zoned.getDate() !== day) return null;
    date = new Date(zoned.getTime());
  }
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  return date;
}

/** Rejects e.g. 2026-02-30T10:00Z, which Date would silently roll over into March. */
function sameCalendarDay(text: string, date: Date): boolean {
  if (Number.isNaN(date.getTime())) return false;
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** A date the schema has already accepted, as a UTC ISO timestamp; throws for callers that skipped it. */
export function toUtcIso(value: string, timeZone: string): string {
  const date = parseDateInput(value, timeZone);
  if (!date) throw new TypeError(`Unreadable date: ${value}`);
  return date.toISOString();
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/** The spec's display format, 'MMMM d, yyyy' (November 3, 2026), in the club's time zone. */
export function formatDisplayDate(iso: string, timeZone: string): string {
  let formatter = displayFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric', year: 'numeric' });
    displayFormats.set(timeZone, formatter);
  }
  return formatter.format(new Date(iso));
}

/** 'November 25, 2026 at 02:21' in `timeZone`: when something happened, for the admin's notes. */
export function formatDisplayDateTime(iso: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return `${formatDisplayDate(iso, timeZone)} at ${time}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An event's start time in the club's time zone (7:00 PM), beside the spec's date; null at
 * midnight, which the site treats as 'all day' (the calendar feeds too).
 */
export function formatDisplayTime(iso: string, timeZone: string): string | null {
  let formatter = timeFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
    timeFormats.set(timeZone, formatter);
  }
  const local = new TZDate(new Date(iso).getTime(), timeZone);
  if (local.getHours() === 0 && local.getMinutes() === 0) return null;
  return formatter.format(new Date(iso));
}

/** 'December 5, 2026 at 7:00 PM', or the date alone for an all-day event. */
export function formatEventWhen(iso: string, timeZone: string): string {
  const time = formatDisplayTime(iso, timeZone);
  return time ? `${formatDisplayDate(iso, timeZone)} at ${time}` : formatDisplayDate(iso, timeZone);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A local date as yyyyMMdd, or yyyyMMdd'T'HHmmss with `time` (iCalendar's local forms). */
export function localStamp(local: TZDate, time: boolean): string {
  const date = `${pad(local.getFullYear(), 4)}${pad(local.getMonth() + 1)}${pad(local.getDate())}`;
  return time ? `${date}T${pad(local.getHours())}${pad(local.getMinutes())}${pad(local.getSeconds())}` : date;
}

/**
 * How far a clock may be set back (NTP's steps, a virtual machine catching up) before a time stored
 * ahead of it is taken for one written while the clock ran ahead (docs/decisions/138).
 */
export const CLOCK_STEP_MS = 2 * 60 * 60_000;

/** Whether `at`, a time the site wrote, was dated by a clock that ran ahead of `now` and has since been set right. */
export const datedAhead = (at: number, now: number): boolean => at > now + CLOCK_STEP_MS;

/** A time stored while the clock ran ahead, and since set right, counts as now. */
export const notAhead = (at: number, now: number): number => (datedAhead(at, now) ? now : at);

/** A day of 24 hours, for ages and limits counted in days (not calendar days: see nextMidnight). */
export const DAY_MS = 86_400_000;

export function nowIso(): string {
  return new Date().toISOString();
}

/** The next midnight in the club's time zone after `now`. */
export function nextMidnight(now: Date, timeZone: string): Date {
  return new Date(startOfDay(addDays(new TZDate(now.getTime(), timeZone), 1)).getTime());
}
