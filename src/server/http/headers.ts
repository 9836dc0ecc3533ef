import { createHash } from 'node:crypto';

const BASE_POLICY = ["default-src 'self'", "base-uri 'self'", "form-action 'self'", "object-src 'none'", "frame-ancestors 'none'"];

/**
 * What pages may load. Public pages: only this site (external images are served from here,
 * docs/decisions/009), except the booking page in its frame. Astro's island loader and React's
 * style attributes are inline, hence 'unsafe-inline' for scripts and styles. The admin app also
 * previews images at the URLs administrators paste, and the editor embeds two video sites.
 */
export function contentSecurityPolicy(pathname: string): string {
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  return [
    ...BASE_POLICY,
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "font-src 'self'",
    admin ? "img-src 'self' data: blob: http: https:" : "img-src 'self' data:",
    admin ? 'frame-src https://www.youtube.com https://player.vimeo.com' : 'frame-src http: https:',
  ].join('; ');
}

/** Headers every answer carries. */
export function securityHeaders(secure: boolean, pathname: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Content-Security-Policy': contentSecurityPolicy(pathname),
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Public pages and feeds: browsers revalidate every time (cheap with the ETag), shared caches
 * may keep a copy for a minute, so an administrator's change is public within a minute.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, must-revalidate';
const CACHEABLE_TYPES = /^(text\/html|text\/plain|text\/calendar|application\/xml|application\/rss\+xml)/;

export function cacheControlFor(pathname: string, method: string): string | null {
  if (pathname.startsWith('/api/admin') || pathname.startsWith('/admin') || pathname.startsWith('/api/objects') || pathname === '/api/news-images') {
    return 'no-store';
  }
  if (pathname.startsWith('/api/') && (method === 'GET' || method === 'HEAD')) return 'no-cache';
  return null;
}

/** Responses from fetch or redirects can be immutable: copy them before setting headers. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  let target = response;
  try {
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
  } catch {
    target = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
  }
  return target;
}

/**
 * Adds a validator to a public page or feed and answers a matching If-None-Match with
 * 304. Bodies here are small text documents, so hashing them whole is cheap.
 */
export async function withPublicCaching(request: Request, response: Response): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return response;
  const type = response.headers.get('content-type') ?? '';
  if ((response.status !== 200 && response.status !== 404) || !CACHEABLE_TYPES.test(type) || response.headers.has('set-cookie')) {
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  // Weak: the same document may leave gzipped, brotli-compressed or plain.
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
  headers.append('Vary', 'Accept-Encoding');
  const match = request.headers.get('if-none-match');
  if (response.status === 200 && match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.slice(2))) {
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: response.status, statusText: response.statusText, headers });
}
