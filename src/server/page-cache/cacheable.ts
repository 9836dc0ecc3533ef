import { SESSION_COOKIE } from '../http/session-cookie.ts';

// Which requests the page cache answers, and under which key. Only the public pages and feeds;
// everything an administrator or the API sees goes to Astro every time.

const LISTS = new Set(['/news', '/events', '/gallery']);
const FIXED = new Set(['/', '/who-we-are', '/what-we-do', '/rss.xml', '/events.ics', '/sitemap.xml', '/robots.txt', ...LISTS]);
/** Item pages and per-event calendars; ids are the site's own (letters, digits, - and _). */
const ITEM = /^\/(news|events)\/[A-Za-z0-9_-]{1,64}$|^\/events\/[A-Za-z0-9_-]{1,64}\.ics$/;
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

export interface CacheableRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers: { cookie?: string | undefined; authorization?: string | undefined };
}

/**
 * The key a request is cached under, or null when it must reach Astro: another method, a
 * signed-in administrator (whose pages may differ), a path that is not a public page, or a
 * `page` that is not a plain page number (Astro answers those with its 404). Other query
 * parameters (utm_source, fbclid…) do not change the page and are left out of the key.
 */
export function cacheKey(request: CacheableRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.authorization || hasSessionCookie(request.headers.cookie)) return null;
  let url: URL;
  try {
    url = new URL(request.url ?? '/', 'http://cache.invalid');
  } catch {
    return null;
  }
  const path = url.pathname;
  if (!FIXED.has(path) && !ITEM.test(path)) return null;
  const pages = url.searchParams.getAll('page');
  if (!LISTS.has(path) || pages.length === 0) return path;
  if (pages.length > 1 || !PAGE_NUMBER.test(pages[0]!)) return null;
  return pages[0] === '1' ? path : `${path}?page=${pages[0]}`;
}

function hasSessionCookie(cookie: string | undefined): boolean {
  if (!cookie) return false;
  return cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}
