import { createHash } from 'node:crypto';

/** Headers every answer carries; the public-site issue extends the policy for islands and images. */
export function securityHeaders(secure: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
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
