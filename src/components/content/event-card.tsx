import type { ReactNode } from 'react';
import type { EventView } from '../../server/views/views.ts';
import { ResponsiveImage } from '../responsive-image.tsx';
import { LinkifiedText } from './linkified-text.tsx';
import { CalendarLeaf } from './calendar-leaf.tsx';
import { PastEventBadge } from './past-event-badge.tsx';

interface EventCardProps {
  event: EventView;
  headingLevel?: 'h1' | 'h2' | 'h3';
  /** Islands placed by the page: the booking dialog and the share button (upcoming events only). */
  booking?: ReactNode;
  share?: ReactNode;
  /** On the item page the card is the whole content; in lists it links there. */
  linkToPage?: boolean;
  priorityImage?: boolean;
}

/** SPEC §2 Events and §4: past events are dimmed, grey, labelled, and can no longer be booked or shared. */
export function EventCard({ event, headingLevel = 'h2', booking, share, linkToPage = true, priorityImage = false }: EventCardProps) {
  const Heading = headingLevel;
  return (
    <article
      id={`event-${event.id}`}
      data-past={event.past ? 'true' : undefined}
      className={`flex scroll-mt-4 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm ${event.past ? 'opacity-75 grayscale' : ''}`}
    >
      {event.image ? (
        <ResponsiveImage
          src={event.image.src}
          image={event.image.stored}
          alt={event.image.alt}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          priority={priorityImage}
          className="aspect-[16/9] h-auto w-full object-cover"
        />
      ) : (
        // Without a photo, the card still opens with a block of the photo's size, a calendar
        // leaf with the date: cards in a row line up instead of leaving a gap above the buttons.
        <div aria-hidden="true" className="flex aspect-[16/9] w-full items-center justify-center bg-accent-soft">
          <CalendarLeaf badge={event.badge} size="large" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            {event.past && <PastEventBadge />}
            <Heading className="text-xl font-bold text-slate-900">
              {linkToPage ? (
                <a href={event.href} className="hover:underline">
                  {event.name}
                </a>
              ) : (
                event.name
              )}
            </Heading>
            <p className="mt-1 text-sm font-medium text-slate-700">
              <time dateTime={event.isoDate}>{event.whenLabel}</time>
            </p>
          </div>
          {!event.past && share && <div className="print:hidden">{share}</div>}
        </div>
        {event.location && (
          <p className="text-sm text-slate-700">
            Location: <LinkifiedText text={event.location} />
          </p>
        )}
        <p className="whitespace-pre-line text-slate-800">
          <LinkifiedText text={event.comment} />
        </p>
        {event.organiser && <p className="text-sm text-slate-700">Organised by {event.organiser}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
          {event.past ? (
            <button
              type="button"
              disabled
              className="inline-flex h-11 cursor-not-allowed items-center rounded-md bg-slate-300 px-5 text-sm font-semibold text-slate-800"
            >
              Event Completed
            </button>
          ) : (
            <>
              {booking && <div className="print:hidden">{booking}</div>}
              {/* On paper the button is no use: its address is. */}
              <p className="hidden text-sm text-slate-900 print:block">Book at {event.bookingUrl}</p>
            </>
          )}
          {event.calendar && (
            <span className="flex flex-wrap gap-3 text-sm print:hidden">
              <a className="text-accent underline" href={event.calendar.ics} download>
                Add to calendar (.ics)
              </a>
              <a className="text-accent underline" href={event.calendar.google} target="_blank" rel="noopener noreferrer">
                Google Calendar
              </a>
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
