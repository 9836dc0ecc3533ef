import { schemaOrgStart } from '../feeds/calendar.ts';
import { absoluteUrl } from './page-meta.ts';
import type { EventView } from './views.ts';

// An event page's schema.org Event (JSON-LD), which search engines read for their event listings.

interface EventJsonLdOptions {
  baseUrl: string;
  /** The picture of link previews, as an address on the site. */
  image: string;
  clubName: string;
  timeZone: string;
}

export function eventJsonLd(
  event: Pick<EventView, 'name' | 'isoDate' | 'comment' | 'href' | 'location' | 'organiser' | 'bookingUrl' | 'past'>,
  { baseUrl, image, clubName, timeZone }: EventJsonLdOptions,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    startDate: schemaOrgStart({ date: event.isoDate }, timeZone),
    description: event.comment,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: absoluteUrl(baseUrl, event.href),
    image: [absoluteUrl(baseUrl, image)],
    ...(event.location ? { location: { '@type': 'Place', name: event.location, address: event.location } } : {}),
    // 'Organised by Tom' names a dad, not an organisation; without a name, the club organises it.
    organizer: event.organiser ? { '@type': 'Person', name: event.organiser } : { '@type': 'Organization', name: clubName, url: baseUrl },
    offers: {
      '@type': 'Offer',
      url: event.bookingUrl,
      availability: event.past ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    },
  };
}
