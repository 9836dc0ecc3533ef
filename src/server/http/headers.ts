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
