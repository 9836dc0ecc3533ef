import { actorOf } from '../../../../../server/http/activity.ts';
import { passwordConfirmationSchema } from '../../../../../core/admins/admins.schema.ts';
import { messageSchema } from '../../../../../server/http/api-schemas.ts';
import { endpoint, passwordProof, pathId } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** Turns an administrator's two-step sign-in off (a lost phone), with the password of whoever does it: they sign in with their password. */
export const DELETE = endpoint(
  {
    summary: "Turn off an administrator's two-step sign-in, with your own password",
    body: passwordConfirmationSchema,
    response: messageSchema,
  },
  async (context, app, input) => {
    const id = pathId(context, 'Administrator');
    const { message } = await app.admins.turnOffTwoStep(id, passwordProof(context, app, input.currentPassword), actorOf(app, context));
    return json({ message });
  },
);
