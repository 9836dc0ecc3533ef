import type { AstroCookies } from 'astro';

export const SESSION_COOKIE = 'club_session';

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
