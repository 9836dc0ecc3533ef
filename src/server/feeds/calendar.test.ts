import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ClubEvent } from '../../core/events/events.schema.ts';
import { calendarSubscription, eventTiming, fold, googleCalendarUrl, icsCalendar, schemaOrgStart } from './calendar.ts';

const event = (over: Partial<ClubEvent>): ClubEvent => ({
  id: 'abc123def456',
  name: 'Summer Picnic',
  date: '2027-07-10T13:30:00.000Z',
  location: 'School field',
  comment: 'Bring a blanket, food; and drinks.',
  organiser: 'Tom',
  imageAlt: null,
  imageUrl: null,
  bookingUrl: 'https://tickets.example/picnic',
  bookingPage: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('icsCalendar', () => {
  const ics = icsCalendar(
    [event({}), event({ id: 'winter000001', name: 'Winter Fair '.repeat(12), date: '2027-01-15T00:00:00.000Z', location: null })],
    { name: "Fathers' Club", timeZone: 'Europe/London', baseUrl: 'https://club.example' },
  );

  it('uses CRLF line ends and folds every line to 75 octets', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('is read back by ical.js with the right instants, UIDs and stamps (the last change of each event)', () => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone).not.toBeNull();
    ICAL.TimezoneService.register(zone!);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const [summer, winter] = events as [ICAL.Event, ICAL.Event];
    expect(summer.uid).toBe('event-abc123def456@club.example');
    expect(summer.summary).toBe('Summer Picnic');
    expect(summer.description).toContain('Bring a blanket, food; and drinks.');
    expect(summer.location).toBe('School field');
    expect(summer.startDate.toJSDate().toISOString()).toBe('2027-07-10T13:30:00.000Z');
    expect(summer.startDate.zone?.tzid).toBe('Europe/London');
    expect(summer.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-01T00:00:00Z');
    expect(winter.startDate.isDate).toBe(true);
    expect(winter.summary).toBe('Winter Fair '.repeat(12));
  });
});

describe('eventTiming and googleCalendarUrl', () => {
  it('treats local midnight as a whole day and other times as two hours', () => {
    expect(eventTiming({ date: '2027-07-09T23:00:00.000Z' }, 'Europe/London')).toEqual({
      allDay: true,
      start: '20270710',
      end: '20270711',
      utc: false,
    });
    expect(eventTiming({ date: '2027-07-10T13:30:00.000Z' }, 'Europe/London')).toEqual({
      allDay: false,
      start: '20270710T143000',
      end: '20270710T163000',
      utc: false,
    });
  });

  it('builds a Google Calendar template link in the club time zone', () => {
    const url = new URL(googleCalendarUrl(event({}), 'Europe/London', 'https://club.example/events/abc123def456'));
    expect(url.hostname).toBe('calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20270710T143000/20270710T163000');
    expect(url.searchParams.get('ctz')).toBe('Europe/London');
    expect(url.searchParams.get('text')).toBe('Summer Picnic');
  });

  it('folds without splitting a multi-byte character', () => {
    const folded = fold(`SUMMARY:${'é'.repeat(60)}`);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'é'.repeat(60)}`);
  });
});

describe('schemaOrgStart', () => {
  it("gives the club's wall-clock time with that day's offset, and the day alone for an all-day event", () => {
    expect(schemaOrgStart(event({}), 'Europe/London')).toBe('2027-07-10T14:30:00+01:00');
    expect(schemaOrgStart(event({ date: '2026-12-11T10:00:00.000Z' }), 'Europe/London')).toBe('2026-12-11T10:00:00Z');
    expect(schemaOrgStart(event({ date: '2026-12-11T10:00:00.000Z' }), 'Asia/Kolkata')).toBe('2026-12-11T15:30:00+05:30');
    expect(schemaOrgStart(event({ date: '2026-12-11T10:00:00.000Z' }), 'America/St_Johns')).toBe('2026-12-11T06:30:00-03:30');
    // Local midnight, the site's all-day event: 24 December in London in winter, 10 July in summer.
    expect(schemaOrgStart(event({ date: '2026-12-24T00:00:00.000Z' }), 'Europe/London')).toBe('2026-12-24');
    expect(schemaOrgStart(event({ date: '2027-07-09T23:00:00.000Z' }), 'Europe/London')).toBe('2027-07-10');
    // Each is the instant stored.
    for (const date of ['2027-07-10T13:30:00.000Z', '2026-10-25T01:30:00.000Z']) {
      expect(new Date(schemaOrgStart(event({ date }), 'Europe/London')).toISOString()).toBe(date);
    }
  });
});

describe('the night the clocks go back (Europe/London, 25 October 2026: 01:00–01:59 happens twice)', () => {
  // 00:30 BST is 23:30 UTC; two hours later is 01:30 GMT, the second 01:30 of the night.
  const night = event({ id: 'clocksback01', name: 'Late walk', date: '2026-10-24T23:30:00.000Z' });
  const options = { name: 'Club', timeZone: 'Europe/London', baseUrl: 'https://club.example' };

  const readBack = (ics: string) => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    if (zone) ICAL.TimezoneService.register(zone);
    return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  };

  it('writes an event ending in the repeated hour so that calendars read the instant the site means', () => {
    const read = readBack(icsCalendar([night], options));
    expect(read.startDate.toJSDate().toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(read.endDate.toJSDate().toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(read.endDate.toJSDate().getTime() - read.startDate.toJSDate().getTime()).toBe(2 * 3_600_000);
  });

  it('does the same for a start in the second 01:00–01:59, and in the Google Calendar link', () => {
    const second = event({ id: 'clocksback02', date: '2026-10-25T01:15:00.000Z' }); // 01:15 GMT
    const read = readBack(icsCalendar([second], options));
    expect(read.startDate.toJSDate().toISOString()).toBe('2026-10-25T01:15:00.000Z');
    expect(eventTiming(second, 'Europe/London')).toEqual({ allDay: false, start: '20261025T011500Z', end: '20261025T031500Z', utc: true });
    expect(new URL(googleCalendarUrl(second, 'Europe/London', 'https://club.example/events/x')).searchParams.get('dates')).toBe(
      '20261025T011500Z/20261025T031500Z',
    );
  });

  it('writes the first occurrence in UTC too (clients differ on which one a local time means), and every other night in local time', () => {
    const first = event({ date: '2026-10-25T00:15:00.000Z' }); // 01:15 BST, the first 01:15
    expect(eventTiming(first, 'Europe/London')).toEqual({ allDay: false, start: '20261025T001500Z', end: '20261025T021500Z', utc: true });
    expect(
      readBack(icsCalendar([first], options))
        .startDate.toJSDate()
        .toISOString(),
    ).toBe('2026-10-25T00:15:00.000Z');
    expect(eventTiming(event({ date: '2026-10-25T12:00:00.000Z' }), 'Europe/London').utc).toBe(false);
    expect(eventTiming(event({ date: '2026-03-29T00:30:00.000Z' }), 'Europe/London')).toEqual({
      allDay: false,
      start: '20260329T003000',
      end: '20260329T033000',
      utc: false,
    });
    // New York goes back on 1 November 2026 at 02:00 EDT.
    const newYork = event({ date: '2026-11-01T06:30:00.000Z' }); // 01:30 EST, the second 01:30
    expect(eventTiming(newYork, 'America/New_York').utc).toBe(true);
  });
});

describe('icsCalendar kept events', () => {
  const options = { name: 'Club', timeZone: 'Europe/London', baseUrl: 'https://club.example' };
  it('writes an event again when anything it shows changes, even with the same id and last change', () => {
    const before = icsCalendar([event({ name: 'Kite day' })], options);
    expect(icsCalendar([event({ name: 'Kite day' })], options)).toBe(before);
    const renamed = icsCalendar([event({ name: 'Kite and picnic day' })], options);
    expect(renamed).toContain('SUMMARY:Kite and picnic day');
    expect(renamed).not.toContain('SUMMARY:Kite day');
    expect(icsCalendar([event({ name: 'Kite day', location: 'The field' })], options)).toContain('LOCATION:The field');
    expect(icsCalendar([event({ name: 'Kite day' })], { ...options, baseUrl: 'https://other.example' })).toContain(
      'URL:https://other.example/events/',
    );
  });
});

describe('calendarSubscription', () => {
  it("gives the feed as webcal: for calendar apps and as Google Calendar's cid, under a path the site may have", () => {
    expect(calendarSubscription('https://club.example')).toEqual({
      webcal: 'webcal://club.example/events.ics',
      google: 'https://calendar.google.com/calendar/render?cid=webcal%3A%2F%2Fclub.example%2Fevents.ics',
    });
    expect(calendarSubscription('http://school.example:8080/dads').webcal).toBe('webcal://school.example:8080/dads/events.ics');
  });
});
