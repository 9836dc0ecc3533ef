import type { APIRoute } from 'astro';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';

/**
 * A Well-Known URL for Changing Passwords (W3C): where a password manager, or a browser that found
 * an administrator's password among leaked ones, sends them to change it. 'Change your password' is
 * on the Administrators screen; the guard asks a signed-out administrator to sign in first.
 */
export const GET: APIRoute = () =>
  new Response(null, { status: 302, headers: { Location: ADMIN_SCREENS.administrators.href, 'Cache-Control': 'no-cache' } });
