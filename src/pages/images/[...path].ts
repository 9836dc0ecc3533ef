import type { APIRoute } from 'astro';
import { getContext } from '../../core/context.ts';
import { isValidKey } from '../../core/images/storage.ts';

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
  if (!data) return notFound();
  return new Response(data as BodyInit, {
    headers: {
      'Content-Type': TYPES[key.split('.').pop()!]!,
      'Content-Length': String(data.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
}
