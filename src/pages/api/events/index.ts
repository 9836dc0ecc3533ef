import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Upcoming events soonest first, then past events most recent first. */
export const GET = endpoint(async (_context, app) => json(await app.events.listUpcomingFirst()));
