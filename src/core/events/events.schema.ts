import { z } from 'zod';
import { IMAGE_ALT_MAX, optionalImageUrl, optionalText, requiredDate, requiredHttpUrl, requiredText } from '../shared/fields.ts';

/** Body of POST /api/admin/events and PUT /api/admin/events/{id}. */
export const eventInputSchema = z.object({
  name: requiredText('Event name', 200),
  date: requiredDate('Date'),
  comment: requiredText('Description', 5000),
  bookingUrl: requiredHttpUrl('Booking URL'),
  location: optionalText('Location', 200),
  organiser: optionalText('Organiser', 200),
  imageUrl: optionalImageUrl('Event image'),
  imageAlt: optionalText('Image description', IMAGE_ALT_MAX),
});
export type EventInput = z.output<typeof eventInputSchema>;

/** What an event's booking page said when last asked: when its address was saved, at start and daily (docs/decisions/082). */
const bookingPageSchema = z.enum(['frame', 'new-tab', 'missing']);
export type BookingPage = z.output<typeof bookingPageSchema>;

/** The line under an event's booking link in the admin, when its page said something to act on. */
export const BOOKING_PAGE_NOTES: Partial<Record<BookingPage, string>> = {
  'new-tab': "This booking page does not let other sites show it inside theirs, so 'Book Now' opens it in a new tab.",
  missing: "When it was last asked, this booking address answered 'not found'. Check the link: parents cannot book through it.",
};

/** What the admin says once an administrator asked an event's booking page again. */
export const BOOKING_PAGE_ASKED: Record<BookingPage | 'unanswered', string> = {
  frame: "Asked again just now: the booking page answers, and 'Book Now' shows it in the booking window.",
  'new-tab':
    "Asked again just now: the booking page answers, and 'Book Now' opens it in a new tab, as it does not let other sites show it inside theirs.",
  missing: "Asked again just now: the booking page still answers 'not found'.",
  unanswered: 'The booking page did not answer just now, so what it said before is kept. Try again in a few minutes.',
};

export const eventSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string().describe('ISO 8601 timestamp, UTC'),
  location: z.string().nullable(),
  comment: z.string().describe('The description'),
  organiser: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable().describe('What the image shows, for visitors who cannot see it'),
  bookingUrl: z.string(),
  bookingPage: bookingPageSchema
    .nullable()
    .describe(
      "What the booking page said when last asked (when its address was saved, and for events to come at start and daily): 'frame' (it may be shown in the booking window), 'new-tab' (it forbids being framed: Book Now opens it in a new tab), 'missing' (it answered 404 or 410); null when it could not be asked",
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClubEvent = z.output<typeof eventSchema>;

/** An event is past once its date is earlier than now (SPEC §2 Events): for visitors' pages and the admin's list alike. */
export function isPastEvent(event: Pick<ClubEvent, 'date'>, now: Date = new Date()): boolean {
  return new Date(event.date).getTime() < now.getTime();
}
