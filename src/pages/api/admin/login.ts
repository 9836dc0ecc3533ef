import { actorOf } from '../../../server/http/activity.ts';
import { loginInputSchema, loginResponseSchema } from '../../../core/auth/auth.schema.ts';
import { clientAddress } from '../../../server/http/client-address.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';
import { KNOWN_DEVICE_COOKIE, setKnownDeviceCookie, setSessionCookie } from '../../../server/http/session-cookie.ts';

/** Answers {"token"} and sets the same session as an httpOnly cookie for the admin area. */
export const POST = endpoint(
  {
    summary: 'Sign in; also sets the session cookie, and the cookie that marks this browser as known (club_device)',
    body: loginInputSchema,
    response: loginResponseSchema,
  },
  async (context, app, input) => {
    const { username, password, code } = input;
    const { admin: _nobodyYet, ...from } = actorOf(app, context);
    const device = context.cookies.get(KNOWN_DEVICE_COOKIE)?.value;
    const session = await app.auth.login(username, password, clientAddress(context, app.config.trustProxy), code, from, device);
    setSessionCookie(context.cookies, session.token, session.expiresAt, context.url, app.config.publicUrl);
    setKnownDeviceCookie(context.cookies, session.knownDevice, context.url, app.config.publicUrl);
    app.log.info({ requestId: context.locals.requestId, username: session.admin.username }, 'administrator signed in');
    return json({ token: session.token });
  },
);
