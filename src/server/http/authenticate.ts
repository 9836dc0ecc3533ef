import type { AstroCookies } from 'astro';
import type { AuthService, SessionAdmin } from '../../core/auth/auth.service.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

export interface Authentication {
  admin: SessionAdmin;
  via: 'bearer' | 'cookie';
}

/** A bearer token wins over the cookie; a bad bearer token does not fall back to the cookie. */
export async function authenticate(request: Request, cookies: AstroCookies, auth: AuthService): Promise<Authentication | null> {
  const header = request.headers.get('authorization');
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const admin = match?.[1] ? await auth.resolve(match[1]) : null;
    return admin ? { admin, via: 'bearer' } : null;
  }
  const token = cookies.get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const admin = await auth.resolve(token);
  return admin ? { admin, via: 'cookie' } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A request that changes nothing: no origin check, no cost from an administrator's budget (059). */
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/**
 * A write authenticated by the cookie must come from this site: the browser attaches cookies
 * to cross-site form posts too. The Origin header (sent by browsers on every non-GET request)
 * must be this server's or PUBLIC_URL's origin; without it, Sec-Fetch-Site must say same-origin.
 */
export function isSameOriginWrite(request: Request, url: URL, publicUrl: string): boolean {
  if (isSafeMethod(request.method)) return true;
  const origin = request.headers.get('origin');
  if (origin) return origin === url.origin || origin === new URL(publicUrl).origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}
