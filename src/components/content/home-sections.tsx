import type { EventView, GalleryView } from '../../server/views/views.ts';
import { ResponsiveImage } from '../responsive-image.tsx';
import { CalendarLeaf } from './calendar-leaf.tsx';
import { GALLERY_PATH, galleryPageOf, photoPath } from '../../core/shared/photo-address.ts';

/** The events after the Next Event, as a short list with their dates. */
export function ComingUp({ events }: { events: EventView[] }) {
  return (
    <section aria-labelledby="coming-up">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="coming-up" className="text-2xl font-bold">
          Coming Up
        </h2>
        <a href="/events" className="font-medium text-accent underline">
          All events
        </a>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => (
          <li key={event.id} className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <CalendarLeaf badge={event.badge} size="small" />
            <div className="min-w-0">
              <h3 className="font-bold text-slate-900">
                <a href={event.href} className="hover:underline">
                  {event.name}
                </a>
              </h3>
              <p className="text-sm text-slate-700">
                <time dateTime={event.isoDate}>{event.whenLabel}</time>
              </p>
              {event.location && <p className="text-sm text-slate-700">{event.location}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The gallery's latest photos, newest first; each opens in the gallery (docs/decisions/112). */
export function LatestPhotos({ photos }: { photos: GalleryView[] }) {
  return (
    <section aria-labelledby="latest-photos">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-photos" className="text-2xl font-bold">
          From the Gallery
        </h2>
        <a href={GALLERY_PATH} className="font-medium text-accent underline">
          See all photos
        </a>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={photoPath(photo.id, galleryPageOf(index))} className="block aspect-square overflow-hidden rounded-lg bg-slate-100">
              <ResponsiveImage
                src={photo.image.src}
                image={photo.image.stored}
                alt={photo.image.alt}
                sizes="(min-width: 1024px) 180px, (min-width: 640px) 33vw, 50vw"
                className="h-full w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A visitor's home page while the club has put nothing up yet. */
export function NothingYet() {
  return (
    <section aria-labelledby="nothing-yet" className="mx-auto max-w-2xl text-center">
      <h2 id="nothing-yet" className="text-2xl font-bold">
        Welcome!
      </h2>
      <p className="mt-2 text-slate-700">
        News, events and photos from the club will appear here soon. Meanwhile, read{' '}
        <a href="/who-we-are" className="font-medium text-accent underline">
          who we are
        </a>{' '}
        and{' '}
        <a href="/what-we-do" className="font-medium text-accent underline">
          what we do
        </a>
        .
      </p>
    </section>
  );
}
