import { eventInputSchema, eventSchema } from '../../../../core/events/events.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const POST = endpoint(
  { summary: 'Create an event', body: eventInputSchema, response: eventSchema, status: 201, idempotent: true },
  async (_context, app, input) => json(await app.events.create(input)),
);
