import { noteActivity } from '../../../../../server/http/activity.ts';
import { messageSchema } from '../../../../../server/http/api-schemas.ts';
import { endpoint, pathId, requireAdmin } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** Signs an administrator out on every device (yourself: on every other device). */
export const DELETE = endpoint(
  { summary: 'Sign an administrator out on every device (yourself: every other device)', response: messageSchema },
  async (context, app) => {
    const id = pathId(context, 'Administrator');
    const { message, username } = await app.admins.signOutEverywhere(id, requireAdmin(context));
    noteActivity(context, { action: 'signed-out-everywhere', subject: { kind: 'administrator', id, label: username } });
    return json({ message });
  },
);
