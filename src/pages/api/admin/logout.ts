import { messageSchema } from '../../../server/http/api-schemas.ts';
import { endpoint, requireAdmin } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';
import { clearSessionCookie } from '../../../server/http/session-cookie.ts';

/** Ends the session that made the call, on the server; the cookie goes with it. */
export const POST = endpoint({ summary: 'End this session', response: messageSchema, free: true }, async (context, app) => {
  const admin = requireAdmin(context);
  await app.auth.logout(admin.tokenHash);
  clearSessionCookie(context.cookies, context.url, app.config.publicUrl);
  return json({ message: 'Signed out' });
});
