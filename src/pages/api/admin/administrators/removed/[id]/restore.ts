import { adminSchema } from '../../../../../../core/admins/admins.schema.ts';
import { actorOf } from '../../../../../../server/http/activity.ts';
import { endpoint, pathId } from '../../../../../../server/http/endpoint.ts';
import { json } from '../../../../../../server/http/responses.ts';

/** 'Undo' and 'Put back': the account as it was (409 if its name was taken meanwhile). */
export const POST = endpoint(
  { summary: 'Put back a removed administrator as they were (409 if another took the name)', response: adminSchema },
  async (context, app) => json(await app.admins.restore(pathId(context, 'Removed administrator'), actorOf(app, context))),
);
