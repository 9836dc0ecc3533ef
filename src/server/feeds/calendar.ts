import { TZDate } from '@date-fns/tz';
import { LRUCache } from 'lru-cache';
// One module each: the package's index loads all of date-fns (about 250 MB resident on the server).
import { addDays } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { formatISO } from 'date-fns/formatISO';
import { withoutControlCharacters } from '../../core/shared/fields.ts';
import { DAY_MS, localStamp } from '../../core/shared/time.ts';
import type { ClubEvent } from '../../core/events/events.schema.ts';
import { eventPath } from '../../core/shared/item-paths.ts';

/** Events store one instant; a calendar entry needs an end. Midnight means the whole day. */
const DEFAULT_DURATION_HOURS = 2;

interface Timing {
  allDay: boolean;
  /**
   * Wall-clock times in the club's time zone in iCalendar's basic format, or, when `utc`, UTC
   * times ending in Z.
   */
  start: string;
  end: string;
  /**
   * True when a time falls in the hour that occurs twice as the clocks go back. RFC 5545 (3.3.5)
   * tells clients to read such a local time as the first occurrence, some read the second: the
   * event is written in UTC, which every client reads as the instant the site means.
   */
  utc: boolean;
}

/**
 * A pure function of the instant and the zone, and each render of a list, a page or a feed asks
 * again for the same events: the zone arithmetic (several offsets per event) is done once.
 */
const timings = new LRUCache<string, Timing>({ max: 10_000 });

export function eventTiming(event: Pick<ClubEvent, 'date'>, timeZone: string): Timing {
  const key = `${timeZone} ${event.date}`;
  let timing = timings.get(key);
  if (!timing) {
    timing = computeTiming(event.date, timeZone);
    timings.set(key, timing);
  }
  return timing;
}

function computeTiming(date: string, timeZone: string): Timing {
  const local = new TZDate(new Date(date).getTime(), timeZone);
  const allDay = local.getHours() === 0 && local.getMinutes() === 0 && local.getSeconds() === 0;
  if (allDay) return { allDay, start: localStamp(local, false), end: localStamp(addDays(local, 1), false), utc: false };
  const end = addHours(local, DEFAULT_DURATION_HOURS);
  if (isAmbiguous(local.getTime(), timeZone) || isAmbiguous(end.getTime(), timeZone)) {
    return { allDay, start: utcStamp(local), end: utcStamp(end), utc: true };
  }
  return { allDay, start: localStamp(local, true), end: localStamp(end, true), utc: false };
}

/** True when the wall-clock time of `instant` happens twice that night (the clocks go back). */
function isAmbiguous(instant: number, timeZone: string): boolean {
  const offset = offsetMinutes(timeZone, instant);
  // The same wall-clock time under the offset of a day before (earlier) or after (later).
  const before = offsetMinutes(timeZone, instant - DAY_MS);
  if (before > offset && offsetMinutes(timeZone, instant - (before - offset) * 60_000) === before) return true;
  const after = offsetMinutes(timeZone, instant + DAY_MS);
  return after < offset && offsetMinutes(timeZone, instant + (offset - after) * 60_000) === after;
}

/**
 * An event's start as schema.org has it in an event page's JSON-LD: the day alone when the event
 * lasts all day, else the club's wall-clock time with the zone's offset on that day
 * (2027-07-10T14:30:00+01:00): event data is read as the local time at the venue. A UTC time
 * (13:30Z) is the same instant, but no reader of it can tell the time the club announced.
 */
export function schemaOrgStart(event: Pick<ClubEvent, 'date'>, timeZone: string): string {
  const local = new TZDate(new Date(event.date).getTime(), timeZone);
  return formatISO(local, eventTiming(event, timeZone).allDay ? { representation: 'date' } : {});
}

export function googleCalendarUrl(event: ClubEvent, timeZone: string, pageUrl: string): string {
  const timing = eventTiming(event, timeZone);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${timing.start}/${timing.end}`,
    ctz: timeZone,
    details: `${event.comment}\n\n${pageUrl}`,
  });
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** The club's events as one calendar (src/pages/events.ics.ts), which calendar apps can subscribe to. */
export const EVENTS_FEED_PATH = '/events.ics';

/**
 * How long a calendar subscribed to the feed may keep it before asking again (RFC 7986's
 * REFRESH-INTERVAL; Outlook reads X-PUBLISHED-TTL): an event moved or called off reaches the
 * parents' calendars within hours, and a subscriber costs the site four requests a day, most of
 * them answered 304 from the page cache.
 */
const REFRESH_INTERVAL = 'PT6H';

/**
 * The addresses that subscribe a calendar app to the club's events (docs/decisions/096): webcal:
 * opens the phone's or the computer's own calendar (iPhone, Mac, Outlook), Google Calendar takes
 * the same address as `cid`.
 */
export function calendarSubscription(baseUrl: string): { webcal: string; google: string } {
  const webcal = `${baseUrl}${EVENTS_FEED_PATH}`.replace(/^https?:/, 'webcal:');
  return { webcal, google: `https://calendar.google.com/calendar/render?${new URLSearchParams({ cid: webcal }).toString()}` };
}

interface CalendarOptions {
  name: string;
  timeZone: string;
  /** Absolute base URL of the site, for each event's page and a stable UID domain. */
  baseUrl: string;
  /** The whole feed, to subscribe to (how often to ask again, and where); not a single event's file. */
  subscribed?: boolean;
}

/** An RFC 5545 calendar: CRLF line ends, lines folded at 75 octets, a VTIMEZONE for the club's zone. */
export function icsCalendar(events: ClubEvent[], options: CalendarOptions): string {
  const host = new URL(options.baseUrl).host;
  const timings = events.map((event) => eventTiming(event, options.timeZone));
  const years = events.map((event) => new Date(event.date).getUTCFullYear());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${host}//Club website//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
    ...(options.subscribed
      ? [
          `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH_INTERVAL}`,
          `X-PUBLISHED-TTL:${REFRESH_INTERVAL}`,
          `SOURCE;VALUE=URI:${options.baseUrl}${EVENTS_FEED_PATH}`,
        ]
      : []),
    ...(events.length > 0 ? cachedVtimezone(options.timeZone, Math.min(...years) - 1, Math.max(...years) + 1) : []),
  ];
  const head = lines.map(fold);
  const body = events.map((event, index) => vevent(event, timings[index]!, options.timeZone, options.baseUrl, host));
  return [...head, ...body, 'END:VCALENDAR'].join('\r\n') + '\r\n';
}

/**
 * An event's VEVENT, folded. It depends only on the event's fields and on the site's zone and
 * address (all in the key), so each is written once and kept: a feed of 500 events is then
 * mostly joining (about 1 ms instead of 11).
 */
const vevents = new LRUCache<string, string>({ max: 2_000 });

function vevent(event: ClubEvent, timing: Timing, timeZone: string, baseUrl: string, host: string): string {
  const { id, updatedAt, date, name, comment, bookingUrl, location, organiser } = event;
  const key = JSON.stringify([id, updatedAt, date, name, comment, bookingUrl, location, organiser, timeZone, baseUrl]);
  const kept = vevents.get(key);
  if (kept !== undefined) return kept;
  const when = timing.allDay
    ? [`DTSTART;VALUE=DATE:${timing.start}`, `DTEND;VALUE=DATE:${timing.end}`]
    : timing.utc
      ? [`DTSTART:${timing.start}`, `DTEND:${timing.end}`]
      : [`DTSTART;TZID=${timeZone}:${timing.start}`, `DTEND;TZID=${timeZone}:${timing.end}`];
  const text = [
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${host}`,
    // The event's last change, not the time of the request, so that the feed's ETag holds.
    `DTSTAMP:${utcStamp(new Date(event.updatedAt))}`,
    `LAST-MODIFIED:${utcStamp(new Date(event.updatedAt))}`,
    ...when,
    `SUMMARY:${escapeText(event.name)}`,
    `DESCRIPTION:${escapeText(`${event.comment}\n\nBooking: ${event.bookingUrl}`)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.organiser ? [`ORGANIZER;CN=${paramText(event.organiser)}:mailto:noreply@${host.split(':')[0]}`] : []),
    `URL:${baseUrl}${eventPath(event.id)}`,
    'END:VEVENT',
  ]
    .map(fold)
    .join('\r\n');
  vevents.set(key, text);
  return text;
}

function utcStamp(date: Date | number): string {
  return new Date(date)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * TEXT values: every line break (CR LF, LF or a lone CR, which some readers take as a line end
 * and so as the start of an injected property) becomes \n; other control characters go.
 */
function escapeText(text: string): string {
  return withoutControlCharacters(text.replace(/\r\n?/g, '\n'))
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, ' ');
}

/** A parameter value may not hold quotes; it is quoted when it holds : ; or ,. */
function paramText(text: string): string {
  const clean = withoutControlCharacters(text).replace(/["\r\n\t]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** Folds a content line into chunks of at most 75 octets, never splitting a UTF-8 character. */
export function fold(line: string): string {
  // Byte counts without encoding: TextEncoder per line and per character was a fifth of a feed's render.
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = Buffer.byteLength(char, 'utf8');
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with one space
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The zone's UTC offset in minutes at an instant. */
function offsetMinutes(timeZone: string, at: number): number {
  return -new TZDate(at, timeZone).getTimezoneOffset();
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const zoneBlocks = new Map<string, string[]>();
const ZONE_BLOCKS_KEPT = 32;

/** vtimezone() walks the zone day by day through Intl (tens of ms); its answer never changes. */
function cachedVtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const key = `${timeZone} ${fromYear} ${toYear}`;
  let block = zoneBlocks.get(key);
  if (!block) {
    block = vtimezone(timeZone, fromYear, toYear);
    if (zoneBlocks.size >= ZONE_BLOCKS_KEPT) zoneBlocks.delete(zoneBlocks.keys().next().value!);
    zoneBlocks.set(key, block);
  }
  return block;
}

/**
 * A VTIMEZONE listing every offset change between two years, found by searching the zone's
 * offsets through the platform's time-zone data, so it is right for any IANA zone.
 */
function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  let previous = offsetMinutes(timeZone, start);
  const changes: { at: number; from: number; to: number }[] = [];
  for (let t = start + DAY_MS; t <= end; t += DAY_MS) {
    const current = offsetMinutes(timeZone, t);
    if (current === previous) continue;
    let low = t - DAY_MS;
    let high = t;
    while (high - low > 1000) {
      const mid = Math.floor((low + high) / 2);
      if (offsetMinutes(timeZone, mid) === previous) low = mid;
      else high = mid;
    }
    changes.push({ at: high, from: previous, to: current });
    previous = current;
  }
  if (changes.length === 0) {
    const offset = offsetText(previous);
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  }
  for (const change of changes) {
    // DTSTART of an observance is the local time just before the change, in the old offset.
    const local = new Date(change.at + change.from * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');
    const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${local}`,
      `TZOFFSETFROM:${offsetText(change.from)}`,
      `TZOFFSETTO:${offsetText(change.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
