import type { APIRoute } from 'astro';
import { CHANGE_PASSWORD_HREF } from '../../core/shared/admin-screens.ts';

/**
 * A Well-Known URL for Changing Passwords (W3C): where a password manager, or a browser that found
 * an administrator's password among leaked ones, sends them to change it: the 'Change your password'
 * card of the Administrators screen. The guard asks a signed-out administrator to sign in first.
 */
export const GET: APIRoute = () =>
  new Response(null, { status: 302, headers: { Location: CHANGE_PASSWORD_HREF, 'Cache-Control': 'no-cache' } });
