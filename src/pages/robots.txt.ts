import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { textResponse } from '../server/views/feed-response.ts';

export const GET: APIRoute = async () => {
  const app = await getContext();
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${app.config.publicUrl}/sitemap.xml`, ''].join('\n');
  return textResponse(body, 'text/plain; charset=utf-8');
};
