import type { APIRoute } from 'astro';
import { REMOTE_SIGNATURE } from '../../../core/images/image-urls.ts';
import { getContext } from '../../../core/context.ts';
import { imageFile, imageNotFound } from '../../../server/http/image-responses.ts';
import { REMOTE_COPY_CACHE } from '../../../server/http/headers.ts';

/** This site's copy of an image given by URL; only links the server signed are served. */
export const GET: APIRoute = async ({ params, url }) => {
  const signature = params.signature ?? '';
  const source = url.searchParams.get('u') ?? '';
  if (!REMOTE_SIGNATURE.test(signature) || !source) return imageNotFound();
  const app = await getContext();
  const data = await app.remoteImages.get(signature, source);
  return data ? imageFile(data, 'image/webp', REMOTE_COPY_CACHE) : imageNotFound();
};
