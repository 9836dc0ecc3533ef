import fs from 'node:fs';
import { isApi, writesNoPage } from '../http/areas.ts';
import { isTidyTarget } from '../http/request-target.ts';
import { SESSION_COOKIE } from '../http/session-cookie.ts';
import { WEB_MANIFEST_PATH } from '../../core/shared/item-paths.ts';
import { GALLERY_PATH, namesAPhoto, photoIdIn, photoPath } from '../../core/shared/photo-address.ts';
import { isStoredImageFile } from '../../core/images/image-urls.ts';

// Which requests the page cache answers, and under which key. Only the public pages and feeds, and
// the stored photos they show; everything an administrator or the API sees goes to Astro every time.

const LISTS = new Set(['/news', '/events', GALLERY_PATH]);
/** Feeds and files for machines: news, events, the sitemap, robots.txt and the web app manifest. */
const FILES = ['/rss.xml', '/events.ics', '/sitemap.xml', '/robots.txt', WEB_MANIFEST_PATH];
const FIXED = new Set(['/', '/who-we-are', '/what-we-do', ...FILES, ...LISTS]);
/** Item pages, per-event calendars and the sitemap's files; ids are the site's own (letters, digits, - and _). */
const ITEM = /^\/(news|events)\/[A-Za-z0-9_-]{1,64}$|^\/events\/[A-Za-z0-9_-]{1,64}\.ics$|^\/sitemaps\/[1-9]\d{0,5}\.xml$/;
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;
/** The key of the not-found page, the same bytes for every address nothing answers. */
export const NOT_FOUND_KEY = '404';
/** Pages Astro renders for its errors, not routes of their own. */
const ERROR_PAGES = new Set(['404', '500']);
const PAGE_FILE = /\.(astro|ts|tsx|js|mjs|md|mdx|html)$/;

/**
 * The first path segments that something answers: Astro's pages (src/pages: `news/`,
 * `gallery.astro`, `rss.xml.ts`, `index.astro` for '') and the static files (dist/client). Read
 * once at start. null when a top-level page is dynamic (`[slug].astro`): then any address may be
 * a page, and none is answered as not found without asking Astro.
 */
export function routedSegments(pagesDir: string, staticDir: string): ReadonlySet<string> | null {
  const segments = new Set<string>();
  for (const entry of fs.readdirSync(pagesDir, { withFileTypes: true })) {
    const name = entry.isDirectory() ? entry.name : entry.name.replace(PAGE_FILE, '');
    if (name.startsWith('[')) return null;
    if (ERROR_PAGES.has(name)) continue;
    segments.add(name === 'index' ? '' : name);
  }
  for (const name of fs.existsSync(staticDir) ? fs.readdirSync(staticDir) : []) segments.add(name);
  return segments;
}

export interface CacheableRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers: { cookie?: string | undefined; authorization?: string | undefined };
}

/**
 * The key a request is cached under, or null when it must reach Astro: another method, a
 * signed-in administrator (whose pages may differ), a path that is not a public page, or a
 * `page` that is not a plain page number (Astro answers those with its 404). Other query
 * parameters (utm_source, fbclid…) do not change the page and are left out of the key. An address
 * whose first segment nothing answers (`routed`, see routedSegments) gets the not-found page's key.
 */
export function cacheKey(request: CacheableRequest, routed: ReadonlySet<string> | null = null): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.authorization || hasSessionCookie(request.headers.cookie)) return null;
  // Only addresses every part of the server reads alike: `//rss.xml` was once kept as the home page.
  if (!isTidyTarget(request.url)) return null;
  let url: URL;
  try {
    url = new URL(request.url ?? '/', 'http://cache.invalid');
  } catch {
    return null;
  }
  const path = url.pathname;
  // A stored photo (docs/decisions/148): the same bytes for every visitor while its id lives.
  if (isStoredImageFile(path)) return path;
  if (!FIXED.has(path) && !ITEM.test(path)) return routed && isUnrouted(path, routed) ? NOT_FOUND_KEY : null;
  // A photo's address (docs/decisions/112) is a page of its own: the photo is in its link preview,
  // and the server sends it on when the photo is on another page. A malformed one is sent on too.
  const photo = path === GALLERY_PATH && namesAPhoto(url.searchParams) ? photoIdIn(url.searchParams) : undefined;
  if (photo === null) return null;
  const pages = url.searchParams.getAll('page');
  if (!LISTS.has(path) || pages.length === 0) return photo ? photoPath(photo) : path;
  if (pages.length > 1 || !PAGE_NUMBER.test(pages[0]!)) return null;
  if (photo) return photoPath(photo, Number(pages[0]));
  return pages[0] === '1' ? path : `${path}?page=${pages[0]}`;
}

/**
 * Whether a write (any method but GET and HEAD) may change what public pages show: a call to the
 * API, as Astro routes it (`/%61pi/admin/news` is the API), other than the calls that write only
 * administrators' accounts and the backups (signing in, above all). Content changes only through
 * the API, the admin app's calls included; a write anywhere else changes nothing.
 */
export function mayChangePages(requestUrl: string | undefined): boolean {
  // An address read otherwise elsewhere (http/front-door.ts tidies them first): taken as a write, which empties the cache.
  if (!isTidyTarget(requestUrl)) return true;
  try {
    const { pathname } = new URL(requestUrl ?? '/', 'http://cache.invalid');
    return isApi(decodeURI(pathname)) && !writesNoPage(pathname);
  } catch {
    return false;
  }
}

/** Astro matches the decoded path, case-sensitively: `/%6Eews` is /news, `/News` is not found. */
function isUnrouted(pathname: string, routed: ReadonlySet<string>): boolean {
  const first = pathname.split('/')[1] ?? '';
  try {
    return !routed.has(decodeURIComponent(first));
  } catch {
    return false; // a malformed escape: main.ts refuses it (400) before any of this
  }
}

/** As Astro's cookie parser reads the header: a name with spaces around it is still that name. */
function hasSessionCookie(cookie: string | undefined): boolean {
  if (!cookie) return false;
  return cookie.split(';').some((part) => part.includes('=') && part.slice(0, part.indexOf('=')).trim() === SESSION_COOKIE);
}
