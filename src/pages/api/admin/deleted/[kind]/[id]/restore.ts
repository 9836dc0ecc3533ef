import { TRASH_SUBJECTS } from '../../../../../../core/activity/activity.schema.ts';
import { noteActivity } from '../../../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../../../server/http/api-schemas.ts';
import { endpoint, pathId } from '../../../../../../server/http/endpoint.ts';
import { json } from '../../../../../../server/http/responses.ts';
import { pathKind } from '../../../../../../server/http/trash-kind.ts';

/** 'Undo' and 'Restore': the item is back on the site as it was. */
export const POST = endpoint({ summary: 'Restore a recently deleted item', response: deletedSchema }, async (context, app) => {
  const id = pathId(context, 'Deleted item');
  const kind = pathKind(context);
  const { label } = await app.trash.restore(kind, id);
  noteActivity(context, { action: 'restored', subject: { kind: TRASH_SUBJECTS[kind], id, label } });
  return json({ message: 'Restored', id });
});
