import { restoreDeletesSchema, restoredDeletesSchema, restoredMessage, TRASH_SUBJECTS } from '../../../../core/activity/activity.schema.ts';
import { noteActivity } from '../../../../server/http/activity.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** 'Restore all': everything one administrator deleted that can still be restored (docs/decisions/051). */
export const POST = endpoint(
  {
    summary: 'Restore every item one administrator deleted that is still among the recently deleted from their delete',
    body: restoreDeletesSchema,
    response: restoredDeletesSchema,
  },
  async (context, app, input) => {
    const restored = await app.activity.restoreDeletesOf(input.admin);
    for (const item of restored) {
      noteActivity(context, { action: 'restored', subject: { kind: TRASH_SUBJECTS[item.kind], id: item.id, label: item.label } });
    }
    return json({ message: restoredMessage(restored.length), restored: restored.length });
  },
);
