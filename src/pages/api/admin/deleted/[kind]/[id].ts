import { TRASH_SUBJECTS } from '../../../../../core/activity/activity.schema.ts';
import { noteActivity } from '../../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../../server/http/api-schemas.ts';
import { endpoint, pathId } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';
import { pathKind } from '../../../../../server/http/trash-kind.ts';

/** 'Delete for ever': the item and, unless something else shows it, its image. */
export const DELETE = endpoint({ summary: 'Delete a recently deleted item for ever', response: deletedSchema }, async (context, app) => {
  const id = pathId(context, 'Deleted item');
  const kind = pathKind(context);
  const { label } = await app.trash.purge(kind, id);
  noteActivity(context, { action: 'deleted-for-ever', subject: { kind: TRASH_SUBJECTS[kind], id, label } });
  return json({ message: 'Deleted for ever', id });
});
