import { messageSchema } from '../../../../../server/http/api-schemas.ts';
import { endpoint, pathId, requireAdmin } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** Turns an administrator's two-step sign-in off (a lost phone): they sign in with their password. */
export const DELETE = endpoint({ summary: "Turn off an administrator's two-step sign-in", response: messageSchema }, async (context, app) =>
  json(await app.admins.turnOffTwoStep(pathId(context, 'Administrator'), requireAdmin(context).id)),
);
