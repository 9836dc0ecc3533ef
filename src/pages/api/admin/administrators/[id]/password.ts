import { actorOf } from '../../../../../server/http/activity.ts';
import { changePasswordInputSchema } from '../../../../../core/admins/admins.schema.ts';
import { messageSchema } from '../../../../../server/http/api-schemas.ts';
import { endpoint, passwordProof, pathId } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** A new password for another administrator who has forgotten theirs, with your own password; they are signed out everywhere. */
export const PUT = endpoint(
  {
    summary: 'Set a new password for another administrator who has forgotten theirs, with your own password',
    body: changePasswordInputSchema,
    response: messageSchema,
  },
  async (context, app, input) => {
    const id = pathId(context, 'Administrator');
    const { message } = await app.admins.setPasswordFor(
      id,
      passwordProof(context, app, input.currentPassword),
      input.newPassword,
      actorOf(app, context),
    );
    return json({ message });
  },
);
