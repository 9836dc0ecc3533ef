import { eventInputSchema } from '../../../../core/events/events.schema.ts';
import { readJson } from '../../../../server/http/body.ts';
import { endpoint, pathId } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const PUT = endpoint(async (context, app) => {
  const id = pathId(context, 'Event');
  return json(await app.events.update(id, await readJson(context.request, eventInputSchema)));
});

export const DELETE = endpoint(async (context, app) => {
  const deleted = await app.events.delete(pathId(context, 'Event'));
  return json({ message: 'Event deleted', id: deleted.id });
});
