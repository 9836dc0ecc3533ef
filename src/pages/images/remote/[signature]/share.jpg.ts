import type { APIRoute } from 'astro';
import { getContext } from '../../../../core/context.ts';
import { REMOTE_SIGNATURE, SHARE_TYPE } from '../../../../core/images/image-urls.ts';
import { drawnOrBusy, imageFile, imageNotFound } from '../../../../server/http/image-responses.ts';
import { REMOTE_COPY_CACHE } from '../../../../server/http/headers.ts';

/** The JPEG link previews show of this site's copy of an image given by URL (docs/decisions/087); only links the server signed. */
export const GET: APIRoute = async ({ params, url }) => {
  const signature = params.signature ?? '';
  const source = url.searchParams.get('u') ?? '';
  if (!REMOTE_SIGNATURE.test(signature) || !source) return imageNotFound();
  const app = await getContext();
  // Fetched first if this server has no copy yet, as the page's own picture would be.
  const data = await drawnOrBusy(async () => (await app.remoteImages.get(signature, source)) && app.images.shareCopy(`remote${signature}`));
  if (data instanceof Response) return data;
  return data ? imageFile(data, SHARE_TYPE, REMOTE_COPY_CACHE) : imageNotFound();
};
