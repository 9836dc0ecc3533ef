import { actorOf } from '../../../server/http/activity.ts';
import { twoStepInputSchema, twoStepSetupSchema } from '../../../core/admins/admins.schema.ts';
import { messageSchema } from '../../../server/http/api-schemas.ts';
import { clientAddress } from '../../../server/http/client-address.ts';
import { endpoint, requireAdmin } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** A new authenticator secret and its QR code for the signed-in administrator; nothing changes until PUT. */
export const POST = endpoint(
  { summary: 'Start turning on two-step sign-in: a new secret and its QR code', response: twoStepSetupSchema },
  async (context, app) => json(await app.admins.twoStepSetup(requireAdmin(context).id)),
);

/** Turns two-step sign-in on with that secret (a code from the app and the current password prove it); other sessions end. */
export const PUT = endpoint(
  { summary: 'Turn on two-step sign-in; your other sessions end', body: twoStepInputSchema, response: messageSchema },
  async (context, app, input) => {
    const admin = requireAdmin(context);
    const address = clientAddress(context, app.config.trustProxy);
    return json(await app.admins.turnOnTwoStep(admin.id, input, address, admin.tokenHash, actorOf(app, context)));
  },
);
