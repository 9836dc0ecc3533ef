import { actorOf } from '../../../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../../../server/http/api-schemas.ts';
import { endpoint, pathId } from '../../../../../../server/http/endpoint.ts';
import { json } from '../../../../../../server/http/responses.ts';
import { pathKind } from '../../../../../../server/http/trash-kind.ts';

/** 'Undo' and 'Restore': the item is back on the site as it was. */
export const POST = endpoint({ summary: 'Restore a recently deleted item', response: deletedSchema }, async (context, app) => {
  const id = pathId(context, 'Deleted item');
  const kind = pathKind(context);
  await app.trash.restore(kind, id, actorOf(app, context));
  return json({ message: 'Restored', id });
});
