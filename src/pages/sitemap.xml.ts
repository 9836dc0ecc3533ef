import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { textResponse } from '../server/views/feed-response.ts';

const STATIC_PAGES = ['/', '/news', '/events', '/gallery', '/who-we-are', '/what-we-do'];
/** A sitemap file holds 50,000 URLs at most (sitemaps.org); the newest items come first. */
const MAX_NEWS = 40_000;
const MAX_EVENTS = 9_000;

export const GET: APIRoute = async () => {
  const app = await getContext();
  const base = app.config.publicUrl;
  const [news, events] = await Promise.all([app.news.links(MAX_NEWS), app.events.links(MAX_EVENTS)]);
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${base}${path}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((path) => url(path)),
    ...news.map((item) => url(`/news/${item.id}`, item.updatedAt)),
    ...events.map((event) => url(`/events/${event.id}`, event.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
  return textResponse(body, 'application/xml; charset=utf-8');
};
