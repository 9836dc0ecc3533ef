import type { APIRoute } from 'astro';
import { getContext } from '../../core/context.ts';
import { isValidKey } from '../../core/images/storage.ts';
import { nearestWidth, storedImageUrl, variantUrl, type ImageFormat } from '../../core/images/image-urls.ts';

const TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif' };

/**
 * Stored images: /images/{id} is the master, /images/{id}/{width}.{avif|webp} a variant.
 * An id never changes its content, so every answer may be cached for a year.
 */
export const GET: APIRoute = async ({ params }) => {
  const path = params.path ?? '';
  const key = /^[a-z0-9]+$/.test(path) ? `${path}/master.webp` : path;
  if (!isValidKey(key) || !key.includes('/')) return notFound();
  const app = await getContext();
  const data = await app.images.read(key);
  if (!data) return (await nearestVariant(app, key)) ?? notFound();
  return new Response(data as BodyInit, {
    headers: {
      'Content-Type': TYPES[key.split('.').pop()!]!,
      'Content-Length': String(data.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};

/**
 * A width that was not stored (an image narrower than the width asked for) redirects to the
 * nearest stored one, so that thumbnails can ask for /320.webp whatever the image's size.
 */
async function nearestVariant(app: Awaited<ReturnType<typeof getContext>>, key: string): Promise<Response | null> {
  const match = /^([a-z0-9]+)\/(\d{2,4})\.(webp|avif)$/.exec(key);
  if (!match) return null;
  const [, id, width, format] = match as unknown as [string, string, string, string];
  const url = storedImageUrl(id);
  const stored = (await app.images.describe([url])).get(url);
  const nearest = stored && nearestWidth(stored.widths, Number(width));
  if (nearest === undefined || String(nearest) === width) return null;
  return new Response(null, {
    status: 301,
    headers: { Location: variantUrl(url, nearest, format as ImageFormat), 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
}
