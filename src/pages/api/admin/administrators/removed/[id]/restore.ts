import { adminSchema, passwordConfirmationSchema } from '../../../../../../core/admins/admins.schema.ts';
import { actorOf } from '../../../../../../server/http/activity.ts';
import { endpoint, passwordProof, pathId } from '../../../../../../server/http/endpoint.ts';
import { json } from '../../../../../../server/http/responses.ts';

/** 'Restore' of a removed administrator: the account as it was (409 if its name was taken meanwhile), with the password of whoever does it. */
export const POST = endpoint(
  {
    summary: 'Put back a removed administrator as they were, with your own password (409 if another took the name)',
    body: passwordConfirmationSchema,
    response: adminSchema,
  },
  async (context, app, input) => {
    const id = pathId(context, 'Removed administrator');
    return json(await app.admins.restore(id, passwordProof(context, app, input.currentPassword), actorOf(app, context)));
  },
);
