import {
  deleteAdditionsSchema,
  deletedAdditionsMessage,
  deletedAdditionsSchema,
  TRASH_SUBJECTS,
} from '../../../../core/activity/activity.schema.ts';
import { noteActivity, recordNotedActivity } from '../../../../server/http/activity.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** 'Delete all': what one administrator added in the last 30 days, off the site in one tap (docs/decisions/054). */
export const POST = endpoint(
  {
    summary: 'Move to the recently deleted every item one administrator added in the last 30 days that is still on the site',
    body: deleteAdditionsSchema,
    response: deletedAdditionsSchema,
  },
  async (context, app, input) => {
    let deleted = 0;
    try {
      await app.activity.deleteAdditionsOf(input.admin, (item) => {
        deleted++;
        noteActivity(context, { action: 'deleted', subject: { kind: TRASH_SUBJECTS[item.kind], id: item.id, label: item.label } });
      });
    } finally {
      // As for 'Restore all': what was deleted before a failure keeps its lines.
      await recordNotedActivity(app, context);
    }
    return json({ message: deletedAdditionsMessage(deleted), deleted });
  },
);
