import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { clubLogo } from '../server/views/club-logo.ts';
import { textResponse } from '../server/views/feed-response.ts';
import { webManifest, WEB_MANIFEST_TYPE } from '../server/views/web-manifest.ts';

export const GET: APIRoute = async () => {
  const app = await getContext();
  const settings = await app.settings.get();
  const manifest = webManifest(settings, await clubLogo(app, settings));
  return textResponse(`${JSON.stringify(manifest, null, 2)}\n`, `${WEB_MANIFEST_TYPE}; charset=utf-8`);
};
