import { z } from 'zod';
import { BOOKING_PAGE_ASKED, eventSchema } from '../../../../../core/events/events.schema.ts';
import { endpoint, pathId } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** Asks an event's booking page again now (docs/decisions/084): not an edit, no new version. */
export const POST = endpoint(
  {
    summary: "Ask an event's booking page again whether it answers and may be shown in the booking window",
    response: z.object({ message: z.string(), event: eventSchema }),
  },
  async (context, app) => {
    const { event, answered } = await app.events.askBookingPageAgain(pathId(context, 'Event'));
    const said = answered && event.bookingPage ? event.bookingPage : 'unanswered';
    return json({ message: BOOKING_PAGE_ASKED[said], event });
  },
);
