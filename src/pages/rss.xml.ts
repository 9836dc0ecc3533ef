import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { newsRss } from '../server/feeds/rss.ts';
import { textResponse } from '../server/views/feed-response.ts';
import { publicImageSrc } from '../server/views/views.ts';
import { sizedImageUrl, storedImageId } from '../core/images/image-urls.ts';

const FEED_SIZE = 50;

export const GET: APIRoute = async () => {
  const app = await getContext();
  const settings = await app.settings.get();
  const base = app.config.publicUrl;
  const items = await app.news.list({ limit: FEED_SIZE, offset: 0 });
  const imageSrc = (url: string) => publicImageSrc(app, url);
  const logo = settings.logoUrl && (storedImageId(settings.logoUrl) ? sizedImageUrl(settings.logoUrl, 320) : imageSrc(settings.logoUrl));
  const body = await newsRss(items, {
    title: `${settings.clubName} news`,
    description: settings.tagline || `News from ${settings.clubName}`,
    baseUrl: base,
    imageUrl: logo ? `${base}${logo}` : null,
    imageSrc,
  });
  return textResponse(body, 'application/rss+xml; charset=utf-8');
};
