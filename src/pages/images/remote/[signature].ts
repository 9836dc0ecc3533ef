import type { APIRoute } from 'astro';
import { getContext } from '../../../core/context.ts';

/** This site's copy of an image given by URL; only links the server signed are served. */
export const GET: APIRoute = async ({ params, url }) => {
  const signature = params.signature ?? '';
  const source = url.searchParams.get('u') ?? '';
  if (!/^[0-9a-f]{40}$/.test(signature) || !source) return notFound();
  const app = await getContext();
  const data = await app.remoteImages.get(signature, source);
  if (!data) return notFound();
  return new Response(data as BodyInit, {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(data.byteLength),
      'Cache-Control': 'public, max-age=604800',
      'X-Content-Type-Options': 'nosniff',
    },
  });
};

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' } });
}
