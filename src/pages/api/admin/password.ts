import { changePasswordInputSchema } from '../../../core/admins/admins.schema.ts';
import { readJson } from '../../../server/http/body.ts';
import { clientAddress } from '../../../server/http/client-address.ts';
import { endpoint, requireAdmin } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Changes one's own password; this session stays, every other session of this administrator ends. */
export const PUT = endpoint(async (context, app) => {
  const admin = requireAdmin(context);
  const { currentPassword, newPassword } = await readJson(context.request, changePasswordInputSchema);
  await app.admins.changePassword(admin.id, currentPassword, newPassword, clientAddress(context, app.config.trustProxy), admin.tokenHash);
  return json({ message: 'Password changed' });
});
