import { actorOf } from '../../../../server/http/activity.ts';
import { eventInputSchema, eventSchema } from '../../../../core/events/events.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const POST = endpoint(
  { summary: 'Create an event', body: eventInputSchema, response: eventSchema, status: 201, idempotent: true },
  async (context, app, input) => {
    const event = await app.events.create(input, actorOf(app, context), context.locals.createdId);
    return json(event);
  },
);
