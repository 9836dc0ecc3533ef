import type { AppContext } from '../../core/context.ts';
import { googleCalendarUrl } from '../../server/feeds/calendar.ts';
import type { ClubEvent } from '../../core/events/events.schema.ts';
import { isPastEvent } from '../../core/events/events.schema.ts';
import type { GalleryImage } from '../../core/gallery/gallery.schema.ts';
import type { StoredImage } from '../../core/images/images.service.ts';
import type { NewsArticle } from '../../core/news/news.schema.ts';
import { newsContentForDisplay } from './news-display.ts';
import { textPictureUrl } from '../../core/news/text-picture-urls.ts';
import { formatDisplayDate, formatEventWhen } from '../../core/shared/time.ts';
import { truncate } from './page-meta.ts';
import { batchedLookup } from './batched-lookup.ts';
import { eventPath, newsItemPath } from '../../core/shared/item-paths.ts';

// What the public components render: plain data, dates already in the club's time zone, so
// that no component (and no island) needs the domain code.

export interface ImageView {
  src: string;
  stored: StoredImage | null;
  /** Its description for visitors who cannot see it: the one given, or the item's title, name or caption. */
  alt: string;
}

interface ShareView {
  url: string;
  title: string;
  text: string;
  label: string;
}

export interface NewsView {
  id: string;
  title: string;
  html: string;
  text: string;
  dateLabel: string;
  isoDate: string;
  href: string;
  image: ImageView | null;
  share: ShareView;
}

export interface EventView {
  id: string;
  name: string;
  /** The date and, unless the event lasts all day, its start time: 'December 5, 2026 at 7:00 PM'. */
  whenLabel: string;
  /** Month and day for the card of an event without a photo ('Dec', '5'), in the club's zone. */
  badge: { month: string; day: string };
  isoDate: string;
  location: string | null;
  comment: string;
  organiser: string | null;
  bookingUrl: string;
  /**
   * What 'Book Now' needs; `inFrame` false when the booking page forbids frames: it opens in a new
   * tab (docs/decisions/082); `pageMissing` when it answered 'not found' when last asked (088).
   */
  booking: { bookingUrl: string; eventName: string; inFrame: boolean; pageMissing: boolean };
  past: boolean;
  href: string;
  image: ImageView | null;
  share: ShareView;
  calendar: { ics: string; google: string } | null;
}

export interface GalleryView {
  id: string;
  caption: string | null;
  image: ImageView;
}

/** Where a page loads an image from: external images through this site's copy (docs/decisions/009). */
export function publicImageSrc(app: { remoteImages: Pick<AppContext['remoteImages'], 'pathFor'> }, url: string): string {
  return /^https?:/i.test(url) ? app.remoteImages.pathFor(url) : url;
}

const badgeFormats = new Map<string, Intl.DateTimeFormat>();

function calendarBadge(iso: string, timeZone: string): { month: string; day: string } {
  let format = badgeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' });
    badgeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(iso));
  return { month: parts.find((part) => part.type === 'month')!.value, day: parts.find((part) => part.type === 'day')!.value };
}

export function createViews(app: AppContext, clubName: string) {
  const { timeZone, publicUrl } = app.config;
  const localSrc = (url: string) => publicImageSrc(app, url);
  const describe = batchedLookup((urls) => app.images.describe(urls));
  const imageView = (url: string | null, images: Map<string, StoredImage>, alt: string): ImageView | null =>
    url ? { src: localSrc(url), stored: images.get(url) ?? null, alt } : null;

  return {
    /** One image of the site's own (the welcome banner's photo), described for the page. */
    async image(url: string | null, alt: string): Promise<ImageView | null> {
      return url ? imageView(url, await describe([url]), alt) : null;
    },

    async news(items: NewsArticle[]): Promise<NewsView[]> {
      const images = await describe(items.map((item) => item.imageUrl));
      return items.map((item) => {
        const { text } = item;
        const href = newsItemPath(item.id);
        return {
          id: item.id,
          title: item.title,
          html: newsContentForDisplay(item.content, localSrc, (address) => textPictureUrl(item.id, address)),
          text,
          dateLabel: formatDisplayDate(item.publishedAt, timeZone),
          isoDate: item.publishedAt,
          href,
          image: imageView(item.imageUrl, images, item.imageAlt ?? item.title),
          share: { url: `${publicUrl}${href}`, title: `${clubName} - ${item.title}`, text: truncate(text), label: `Share ${item.title}` },
        };
      });
    },

    async events(items: ClubEvent[], now = new Date()): Promise<EventView[]> {
      const images = await describe(items.map((item) => item.imageUrl));
      return items.map((event) => {
        const href = eventPath(event.id);
        const past = isPastEvent(event, now);
        return {
          id: event.id,
          name: event.name,
          whenLabel: formatEventWhen(event.date, timeZone),
          badge: calendarBadge(event.date, timeZone),
          isoDate: event.date,
          location: event.location,
          comment: event.comment,
          organiser: event.organiser,
          bookingUrl: event.bookingUrl,
          booking: {
            bookingUrl: event.bookingUrl,
            eventName: event.name,
            inFrame: event.bookingPage !== 'new-tab',
            pageMissing: event.bookingPage === 'missing',
          },
          past,
          href,
          image: imageView(event.imageUrl, images, event.imageAlt ?? event.name),
          share: {
            url: `${publicUrl}${href}`,
            title: `${clubName} - ${event.name}`,
            text: truncate(event.comment),
            label: `Share ${event.name}`,
          },
          calendar: past ? null : { ics: `${href}.ics`, google: googleCalendarUrl(event, timeZone, `${publicUrl}${href}`) },
        };
      });
    },

    async gallery(items: GalleryImage[]): Promise<GalleryView[]> {
      const images = await describe(items.map((item) => item.imageUrl));
      return items.map((item) => ({
        id: item.id,
        caption: item.caption,
        image: imageView(item.imageUrl, images, item.imageAlt ?? item.caption ?? '')!,
      }));
    },
  };
}
