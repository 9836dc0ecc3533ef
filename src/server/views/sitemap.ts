import type { AppContext } from '../../core/context.ts';
import { eventPath, newsItemPath } from '../../core/shared/item-paths.ts';

// sitemaps.org: one file holds at most 50,000 URLs, and an index may list many files. Up to
// SITEMAP_PAGE_SIZE URLs, /sitemap.xml is the one file; past that it becomes an index of
// /sitemaps/{n}.xml files of that many URLs each, so that no single answer grows with the years
// of content (a render of 12,000 URLs took 25 ms; a file of 1,000 takes a tenth of that).

const SITEMAP_PAGE_SIZE = 1_000;
const STATIC_PAGES = ['/', '/news', '/events', '/gallery', '/who-we-are', '/what-we-do'];
/** Caps, newest first: a club with more than this has other problems. */
const MAX_NEWS = 40_000;
const MAX_EVENTS = 9_000;

interface Link {
  path: string;
  lastmod?: string;
}

interface Shape {
  news: number;
  events: number;
  total: number;
  /** Files of SITEMAP_PAGE_SIZE URLs: 1 means /sitemap.xml holds them all. */
  pages: number;
}

export async function sitemapShape(app: AppContext): Promise<Shape> {
  const [newsCount, eventsCount] = await Promise.all([app.news.count(), app.events.count()]);
  const news = Math.min(newsCount, MAX_NEWS);
  const events = Math.min(eventsCount, MAX_EVENTS);
  const total = STATIC_PAGES.length + news + events;
  return { news, events, total, pages: Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE)) };
}

/** The links of file `page` (from 1): the fixed pages, then news and events, newest first. */
export async function sitemapLinks(app: AppContext, shape: Shape, page: number): Promise<Link[]> {
  const from = (page - 1) * SITEMAP_PAGE_SIZE;
  const to = Math.min(from + SITEMAP_PAGE_SIZE, shape.total);
  const links: Link[] = STATIC_PAGES.slice(from, to).map((path) => ({ path }));
  // Where this file's window falls in the news, then in the events.
  const newsFrom = Math.max(0, from - STATIC_PAGES.length);
  const newsTo = Math.min(shape.news, to - STATIC_PAGES.length);
  const eventsFrom = Math.max(0, from - STATIC_PAGES.length - shape.news);
  const eventsTo = Math.min(shape.events, to - STATIC_PAGES.length - shape.news);
  const [news, events] = await Promise.all([
    newsTo > newsFrom ? app.news.links(newsTo - newsFrom, newsFrom) : [],
    eventsTo > eventsFrom ? app.events.links(eventsTo - eventsFrom, eventsFrom) : [],
  ]);
  links.push(...news.map((item) => ({ path: newsItemPath(item.id), lastmod: item.updatedAt })));
  links.push(...events.map((event) => ({ path: eventPath(event.id), lastmod: event.updatedAt })));
  return links;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const lastmodOf = (iso: string | undefined) => (iso ? `<lastmod>${iso.slice(0, 10)}</lastmod>` : '');

export function urlset(base: string, links: Link[]): string {
  return [
    XML_HEAD,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...links.map((link) => `  <url><loc>${base}${link.path}</loc>${lastmodOf(link.lastmod)}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

const sitemapPagePath = (page: number) => `/sitemaps/${page}.xml`;

export function sitemapIndex(base: string, pages: number): string {
  return [
    XML_HEAD,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from({ length: pages }, (_, i) => `  <sitemap><loc>${base}${sitemapPagePath(i + 1)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}
