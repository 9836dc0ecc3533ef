import { eventSchema } from '../../../core/events/events.schema.ts';
import { endpoint, pathId } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

export const GET = endpoint({ summary: 'One event', response: eventSchema }, async (context, app) =>
  json(await app.events.get(pathId(context, 'Event'))),
);
