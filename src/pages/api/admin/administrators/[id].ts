import { actorOf } from '../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../server/http/api-schemas.ts';
import { endpoint, pathId, requireAdmin } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** Never the last administrator, never the one asking (409 with the reason). */
export const DELETE = endpoint(
  { summary: 'Remove an administrator: never yourself, never the last one (409)', response: deletedSchema },
  async (context, app) => {
    const removed = await app.admins.remove(pathId(context, 'Administrator'), requireAdmin(context).id, actorOf(app, context));
    return json({ message: 'Administrator removed', id: removed.id });
  },
);
