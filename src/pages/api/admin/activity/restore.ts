import { restoreDeletesSchema, restoredDeletesSchema, restoredMessage } from '../../../../core/activity/activity.schema.ts';
import { actorOf } from '../../../../server/http/activity.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/**
 * 'Restore all': everything one administrator deleted that can still be restored (docs/decisions/051).
 * Each item's line is written with it, in its transaction.
 */
export const POST = endpoint(
  {
    summary: 'Restore every item one administrator deleted that is still among the recently deleted from their delete',
    body: restoreDeletesSchema,
    response: restoredDeletesSchema,
  },
  async (context, app, input) => {
    const { done, remaining } = await app.activity.restoreDeletesOf(input.admin, actorOf(app, context));
    return json({ message: restoredMessage(done), restored: done, remaining });
  },
);
