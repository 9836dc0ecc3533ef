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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClubEvent = z.output<typeof eventSchema>;
