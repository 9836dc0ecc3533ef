import { describe, expect, it } from 'vitest';
import { eventJsonLd } from './event-json-ld.ts';

const picnic = {
  name: 'Summer picnic',
  isoDate: '2027-07-10T13:30:00.000Z',
  comment: 'Bring a blanket.',
  href: '/events/abc123',
  location: 'School field',
  organiser: 'Tom',
  bookingUrl: 'https://tickets.example/picnic',
  past: false,
};
const options = {
  baseUrl: 'https://dads.example.org',
  image: '/images/x1/share.jpg',
  clubName: 'Oakfield Dads',
  timeZone: 'Europe/London',
};

describe("an event page's JSON-LD", () => {
  it("gives the start in the club's time, absolute addresses, the place, and the dad who organises it as a person", () => {
    expect(eventJsonLd(picnic, options)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Summer picnic',
      startDate: '2027-07-10T14:30:00+01:00',
      description: 'Bring a blanket.',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url: 'https://dads.example.org/events/abc123',
      image: ['https://dads.example.org/images/x1/share.jpg'],
      location: { '@type': 'Place', name: 'School field', address: 'School field' },
      organizer: { '@type': 'Person', name: 'Tom' },
      offers: { '@type': 'Offer', url: 'https://tickets.example/picnic', availability: 'https://schema.org/InStock' },
    });
  });

  it('names the club as organiser when nobody is named, and leaves out a place that is not given', () => {
    const ld = eventJsonLd({ ...picnic, organiser: null, location: null, isoDate: '2027-07-09T23:00:00.000Z' }, options);
    expect(ld.organizer).toEqual({ '@type': 'Organization', name: 'Oakfield Dads', url: 'https://dads.example.org' });
    expect(ld).not.toHaveProperty('location');
    // Local midnight: the whole day.
    expect(ld.startDate).toBe('2027-07-10');
  });
});
