import { actorOf } from '../../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../../server/http/api-schemas.ts';
import { endpoint, pathId } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';
import { pathKind } from '../../../../../server/http/trash-kind.ts';

/** 'Delete for ever': the item and, unless something else shows it, its image. */
export const DELETE = endpoint({ summary: 'Delete a recently deleted item for ever', response: deletedSchema }, async (context, app) => {
  const id = pathId(context, 'Deleted item');
  const kind = pathKind(context);
  await app.trash.purge(kind, id, actorOf(app, context));
  return json({ message: 'Deleted for ever', id });
});
