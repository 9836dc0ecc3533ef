import type { APIRoute } from 'astro';
import { getContext } from '../../core/context.ts';
import { textResponse } from '../../server/views/feed-response.ts';
import { sitemapLinks, sitemapShape, urlset } from '../../server/views/sitemap.ts';

const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

/** One file of the sitemap index, when the site has more pages than one file should hold. */
export const GET: APIRoute = async ({ params, rewrite }) => {
  const app = await getContext();
  const shape = await sitemapShape(app);
  const page = PAGE_NUMBER.test(params.page ?? '') ? Number(params.page) : 0;
  // A small site's sitemap is /sitemap.xml alone; no file past the last.
  if (shape.pages === 1 || page < 1 || page > shape.pages) return rewrite('/404');
  return textResponse(urlset(app.config.publicUrl, await sitemapLinks(app, shape, page)), 'application/xml; charset=utf-8');
};
