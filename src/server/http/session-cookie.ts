import type { AstroCookies } from 'astro';
import { KNOWN_DEVICE_DAYS } from '../../core/auth/known-devices.ts';
import { LOGIN_API } from './areas.ts';

export const SESSION_COOKIE = 'club_session';
/** The proof that this browser signed in before (docs/decisions/122), sent to the sign-in call alone. */
export const KNOWN_DEVICE_COOKIE = 'club_device';

function isSecure(url: URL, publicUrl: string): boolean {
  return url.protocol === 'https:' || publicUrl.startsWith('https:');
}

/** The admin area's session: httpOnly (scripts never see it), SameSite=Lax, Secure behind HTTPS. */
export function setSessionCookie(cookies: AstroCookies, token: string, expiresAt: string, url: URL, publicUrl: string): void {
  cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(url, publicUrl),
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(cookies: AstroCookies, url: URL, publicUrl: string): void {
  cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(url, publicUrl) });
}

/** httpOnly, SameSite=Strict (only the site's own sign-in form sends it), and only to the sign-in call. */
export function setKnownDeviceCookie(cookies: AstroCookies, proof: string, url: URL, publicUrl: string): void {
  cookies.set(KNOWN_DEVICE_COOKIE, proof, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(url, publicUrl),
    path: LOGIN_API,
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  });
}
