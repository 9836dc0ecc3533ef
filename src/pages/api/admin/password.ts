import { actorOf } from '../../../server/http/activity.ts';
import { messageSchema } from '../../../server/http/api-schemas.ts';
import { changePasswordInputSchema } from '../../../core/admins/admins.schema.ts';
import { clientAddress } from '../../../server/http/client-address.ts';
import { endpoint, requireAdmin } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Changes one's own password; this session stays, every other session of this administrator ends. */
export const PUT = endpoint(
  {
    summary: 'Change your own password; your other sessions end',
    body: changePasswordInputSchema,
    response: messageSchema,
    // The way out for the owner of an account a script has drained; guesses at the current password are limited (010).
    free: true,
  },
  async (context, app, input) => {
    const admin = requireAdmin(context);
    const { currentPassword, newPassword } = input;
    const address = clientAddress(context, app.config.trustProxy);
    await app.admins.changePassword(admin.id, currentPassword, newPassword, address, admin.tokenHash, actorOf(app, context));
    return json({ message: 'Password changed' });
  },
);
