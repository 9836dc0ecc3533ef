import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { textResponse } from '../server/views/feed-response.ts';
import { sitemapIndex, sitemapLinks, sitemapShape, urlset } from '../server/views/sitemap.ts';

/** Every public page in one file, or, past a thousand, an index of files (src/server/views/sitemap.ts). */
export const GET: APIRoute = async () => {
  const app = await getContext();
  const base = app.config.publicUrl;
  const shape = await sitemapShape(app);
  const body = shape.pages === 1 ? urlset(base, await sitemapLinks(app, shape, 1)) : sitemapIndex(base, shape.pages);
  return textResponse(body, 'application/xml; charset=utf-8');
};
