import { deleteAdditionsSchema, deletedAdditionsMessage, deletedAdditionsSchema } from '../../../../core/activity/activity.schema.ts';
import { actorOf } from '../../../../server/http/activity.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/**
 * 'Delete all': what one administrator added in the last 30 days, off the site in one tap
 * (docs/decisions/054). Each item's line is written with it, in its transaction.
 */
export const POST = endpoint(
  {
    summary: 'Move to the recently deleted every item one administrator added in the last 30 days that is still on the site',
    body: deleteAdditionsSchema,
    response: deletedAdditionsSchema,
  },
  async (context, app, input) => {
    const { done, remaining } = await app.activity.deleteAdditionsOf(input.admin, actorOf(app, context));
    return json({ message: deletedAdditionsMessage(done), deleted: done, remaining });
  },
);
