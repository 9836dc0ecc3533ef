import { restoreDeletesSchema, restoredDeletesSchema, restoredMessage, TRASH_SUBJECTS } from '../../../../core/activity/activity.schema.ts';
import { noteActivity, recordNotedActivity } from '../../../../server/http/activity.ts';
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
    let restored = 0;
    try {
      await app.activity.restoreDeletesOf(input.admin, (item) => {
        restored++;
        noteActivity(context, { action: 'restored', subject: { kind: TRASH_SUBJECTS[item.kind], id: item.id, label: item.label } });
      });
    } finally {
      // Items restored before a failure (the database gone half-way) are restored: their lines
      // are written now, not only after a success, or go to the server's log if they cannot be.
      await recordNotedActivity(app, context);
    }
    return json({ message: restoredMessage(restored), restored });
  },
);
