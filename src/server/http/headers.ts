import { createHash } from 'node:crypto';
import fresh from 'fresh';
import { isAdminPage, isApi, isPrivate } from './areas.ts';
import { isSiteImagePath } from '../../core/images/image-urls.ts';

/** What a public page carries that its policy must allow, found while it was rendered. */
export interface PageAllowances {
  /** Hashes of the page's own inline scripts (Astro's island loader and hydration directive). */
  scriptHashes: string[];
  /** Booking URLs the page may frame. */
  frameSources: string[];
}

const NO_ALLOWANCES: PageAllowances = { scriptHashes: [], frameSources: [] };

const BASE_POLICY = ["default-src 'self'", "base-uri 'self'", "form-action 'self'", "object-src 'none'", "frame-ancestors 'none'"];

/**
 * What pages may load. Every page runs inline scripts only by their hash (Astro's island
 * loader). Public pages: only this site (external images are served from here,
 * docs/decisions/009), and frames only of the booking pages of the events on that page. React's style attributes (image
 * placeholders) are inline, hence 'unsafe-inline' for styles. The admin app also previews
 * images at the URLs administrators paste, and the editor embeds two video sites
 * (docs/decisions/010).
 */
export function contentSecurityPolicy(pathname: string, allowances: PageAllowances = NO_ALLOWANCES): string {
  const admin = isAdminPage(pathname);
  const hashes = allowances.scriptHashes.map((hash) => `'${hash}'`);
  const frames = [...new Set(allowances.frameSources.flatMap(originOf))];
  return [
    ...BASE_POLICY,
    ["script-src 'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "font-src 'self'",
    admin ? "img-src 'self' data: blob: http: https:" : "img-src 'self' data:",
    admin ? 'frame-src https://www.youtube.com https://player.vimeo.com' : `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
  ].join('; ');
}

/** An http(s) URL's origin, which has no characters that could break out of a policy. */
function originOf(url: string): string[] {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? [origin] : [];
  } catch {
    return [];
  }
}

/**
 * The CSP source hashes of every inline <script> of an HTML page, from its UTF-8 bytes (data
 * blocks such as JSON-LD run nothing, and are left out). The markup is searched in a Latin-1 view
 * of the bytes, one character per byte, so that a match's offsets are byte offsets: each script
 * is hashed from its own bytes, which are what CSP hashes, without decoding the page.
 */
export function inlineScriptHashes(page: Uint8Array): string[] {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const hashes = new Set<string>();
  for (const match of bytes.toString('latin1').matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/dgi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    const [start, end] = match.indices![2]!;
    hashes.add(`sha256-${createHash('sha256').update(bytes.subarray(start, end)).digest('base64')}`);
  }
  return [...hashes];
}

/** For files served as they are (scripts, styles, icons): they may load nothing at all. */
const STATIC_FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/**
 * The admin's screens and calls are kept from any window that opened them (it could otherwise
 * send them elsewhere, or count their frames). Public pages hold nothing an opener could learn,
 * and on them the header cost every visit from a chat app's link a second browser process:
 * Lighthouse mobile 93 instead of 100 on a slow machine (docs/decisions/124).
 */
const ADMIN_OPENER_POLICY = 'same-origin';

/** Headers every answer carries (the opener policy only the admin's). */
export function securityHeaders(
  secure: boolean,
  pathname: string,
  options: { staticFile?: boolean; allowances?: PageAllowances } = {},
): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...(isPrivate(pathname) ? { 'Cross-Origin-Opener-Policy': ADMIN_OPENER_POLICY } : {}),
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Content-Security-Policy': options.staticFile ? STATIC_FILE_POLICY : contentSecurityPolicy(pathname, options.allowances),
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    ...(isSiteImagePath(pathname) ? { 'X-Robots-Tag': PICTURES_NOT_INDEXED } : {}),
  };
}

/**
 * The club's photos show its members' children: search engines may read the pages but are asked
 * not to put the pictures in image search, where a child's photo would be found apart from the
 * club (docs/decisions/104). Link previews still fetch and show them.
 */
export const PICTURES_NOT_INDEXED = 'noindex';

/**
 * A stored image: its address never changes its content, so a browser keeps it for a year. A
 * shared cache (a CDN put in front of the site) keeps it an hour: a photo taken down (a parent
 * asked, a stranger's picture put back) is gone from there within the hour, where it was a year
 * unless someone purged the CDN by hand (docs/decisions/053).
 */
export const STORED_IMAGE_CACHE = 'public, max-age=31536000, s-maxage=3600, immutable';

/** This site's copy of an image given by URL: the address it copies may show another picture one day. */
export const REMOTE_COPY_CACHE = 'public, max-age=604800';

/**
 * Public pages and feeds: browsers revalidate every time (cheap with the ETag), shared caches
 * may keep a copy for a minute, so an administrator's change is public within a minute.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, must-revalidate';
/** The public answers given a validator here and kept by the page cache: pages, feeds, robots.txt, the web app manifest. */
export const CACHEABLE_TYPES =
  /^(text\/html|text\/plain|text\/calendar|application\/xml|application\/rss\+xml|application\/manifest\+json)/;

export function cacheControlFor(pathname: string, method: string): string | null {
  if (isPrivate(pathname)) return 'no-store';
  if (isApi(pathname) && (method === 'GET' || method === 'HEAD')) return 'no-cache';
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

/** The answer with `body` (already read from it and changed) in place of its own. */
export function withBody(response: Response, body: Uint8Array<ArrayBuffer>): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Adds a validator to a public page or feed and answers a matching If-None-Match with
 * 304. Bodies here are small text documents, so hashing them whole is cheap. `read`: the body,
 * when the caller has read it already (the answer's own is then left unread).
 */
export async function withPublicCaching(request: Request, response: Response, read?: Uint8Array<ArrayBuffer>): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    (response.status !== 200 && response.status !== 404) ||
    !CACHEABLE_TYPES.test(type) ||
    response.headers.has('set-cookie')
  ) {
    return read ? withBody(response, read) : response;
  }
  const body = read ?? new Uint8Array(await response.arrayBuffer());
  const etag = etagOf(body);
  const headers = new Headers(response.headers);
  // The length Astro gave was for the body before the caller changed it.
  if (read) headers.delete('content-length');
  headers.set('ETag', etag);
  headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
  headers.append('Vary', 'Accept-Encoding');
  if (response.status === 200 && isFresh(request.headers.get('if-none-match') ?? undefined, etag)) {
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status: response.status, statusText: response.statusText, headers });
}

/** Weak: the same document leaves plain, gzipped or brotli-compressed. */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether the client's copy is current (answer 304), by the `fresh` library: RFC 9110's weak
 * comparison for GET and HEAD, lists and `*`. The request's Cache-Control is not passed: its
 * `no-cache` speaks to caches, and an origin server evaluates If-None-Match regardless (fetch()
 * adds `no-cache` to any request that carries its own validator).
 */
export function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  return fresh({ 'if-none-match': ifNoneMatch }, { etag });
}
