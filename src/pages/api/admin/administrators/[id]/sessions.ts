import { actorOf } from '../../../../../server/http/activity.ts';
import { messageSchema } from '../../../../../server/http/api-schemas.ts';
import { endpoint, pathId, requireAdmin } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** Signs an administrator out on every device (yourself: on every other device). */
export const DELETE = endpoint(
  { summary: 'Sign an administrator out on every device (yourself: every other device)', response: messageSchema },
  async (context, app) => {
    const id = pathId(context, 'Administrator');
    const { message } = await app.admins.signOutEverywhere(id, requireAdmin(context), actorOf(app, context));
    return json({ message });
  },
);
