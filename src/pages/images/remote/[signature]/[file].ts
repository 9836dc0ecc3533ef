import type { APIRoute } from 'astro';
import { getContext } from '../../../../core/context.ts';
import { isDrawnFile, isIconFile, REMOTE_SIGNATURE } from '../../../../core/images/image-urls.ts';
import { isClubLogo } from '../../../../server/views/club-logo.ts';
import { contentTypeOf } from '../../../../core/images/storage.ts';
import { drawnOrBusy, imageFile, imageNotFound } from '../../../../server/http/image-responses.ts';
import { REMOTE_COPY_CACHE } from '../../../../server/http/headers.ts';

/**
 * A file drawn from this site's copy of an image given by URL: the JPEG link previews show
 * (share.jpg, docs/decisions/087) or the PNGs of a phone's home screen (touch-icon.png, 094;
 * app-icon.png, 100: of the club's logo only); only links the server signed.
 */
export const GET: APIRoute = async ({ params, url }) => {
  const signature = params.signature ?? '';
  const file = params.file ?? '';
  const source = url.searchParams.get('u') ?? '';
  if (!REMOTE_SIGNATURE.test(signature) || !isDrawnFile(file) || !source) return imageNotFound();
  const app = await getContext();
  if (isIconFile(file) && !(await isClubLogo(app, (logoUrl) => logoUrl === source))) return imageNotFound();
  // Fetched first if this server has no copy yet, as the page's own picture would be.
  const data = await drawnOrBusy(
    async () => (await app.remoteImages.get(signature, source)) && app.images.drawn[file](`remote${signature}`),
  );
  if (data instanceof Response) return data;
  return data ? imageFile(data, contentTypeOf(file), REMOTE_COPY_CACHE) : imageNotFound();
};
