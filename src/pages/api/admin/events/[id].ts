import { actorOf } from '../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../server/http/api-schemas.ts';
import { eventInputSchema, eventSchema } from '../../../../core/events/events.schema.ts';
import { endpoint, pathId } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';
import { ifMatch, versionedJson } from '../../../../server/http/versions.ts';

export const PUT = endpoint(
  { summary: 'Update an event', body: eventInputSchema, response: eventSchema, versioned: true },
  async (context, app, input) => {
    const id = pathId(context, 'Event');
    const event = await app.events.update(id, input, ifMatch(context.request), actorOf(app, context));
    return versionedJson(event);
  },
);

export const DELETE = endpoint({ summary: 'Delete an event', response: deletedSchema }, async (context, app) => {
  const deleted = await app.events.delete(pathId(context, 'Event'), actorOf(app, context));
  return json({ message: 'Event deleted', id: deleted.id });
});
