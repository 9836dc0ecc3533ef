import { eventSchema } from '../../../core/events/events.schema.ts';
import { z } from 'zod';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Upcoming events soonest first, then past events most recent first. */
export const GET = endpoint(
  { summary: 'Events: upcoming soonest first, then past most recent first', response: z.array(eventSchema) },
  async (_context, app) => json(await app.events.listUpcomingFirst()),
);
