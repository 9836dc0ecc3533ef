import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { clubLogo, siteIcon } from '../server/views/club-logo.ts';

// Feed readers, crawlers and bookmarks ask for /favicon.ico without reading a page's
// <link rel="icon">: sent on to the same icon the pages name, asked again each time (it follows
// the logo in Settings; docs/decisions/092).
export const GET: APIRoute = async () => {
  const app = await getContext();
  const icon = siteIcon(await clubLogo(app, await app.settings.get()));
  return new Response(null, { status: 302, headers: { Location: icon.href, 'Cache-Control': 'no-cache' } });
};
