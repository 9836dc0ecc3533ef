import type { APIRoute } from 'astro';
import { getContext } from '../../core/context.ts';
import { authenticate } from '../../server/http/authenticate.ts';
import { contentTypeOf, isValidKey } from '../../core/images/storage.ts';
import { drawnOrBusy, imageFile, imageNotFound } from '../../server/http/image-responses.ts';
import { STORED_IMAGE_CACHE } from '../../server/http/headers.ts';
import {
  isDrawnFile,
  isIconFile,
  nearestWidth,
  storedImageId,
  storedImageUrl,
  variantUrl,
  type ImageFormat,
} from '../../core/images/image-urls.ts';
import { isClubLogo } from '../../server/views/club-logo.ts';

/**
 * Stored images: /images/{id} is the master, /images/{id}/{width}.{avif|webp} a variant,
 * /images/{id}/share.jpg the copy link previews show, and /images/{id}/touch-icon.png and app-icon.png
 * a phone's home screen, of the club's logo only (drawn on first request: docs/decisions/087, 094, 100).
 * An id never changes its content, so a browser may keep every answer for a year (a shared cache
 * an hour: STORED_IMAGE_CACHE). An image that
 * nothing on the site shows any more (only items in Recently deleted use it, or an edit replaced
 * it and it waits out its 'Undo') is withdrawn: visitors get 404 at once, and signed-in
 * administrators still see it (the list of the recently deleted shows it, 'Undo' puts it back),
 * never stored by a shared cache (docs/decisions/053).
 */
export const GET: APIRoute = async ({ params, request, cookies }) => {
  const path = params.path ?? '';
  const key = /^[a-z0-9]+$/.test(path) ? `${path}/master.webp` : path;
  if (!isValidKey(key) || !key.includes('/')) return imageNotFound();
  const app = await getContext();
  const id = key.slice(0, key.indexOf('/'));
  const withdrawn = await isWithdrawn(app, id);
  if (withdrawn && !(await authenticate(request, cookies, app.auth))) return imageNotFound();
  const cacheControl = withdrawn ? 'private, no-store' : STORED_IMAGE_CACHE;
  const file = key.slice(id.length + 1);
  if (isIconFile(file) && !(await isClubLogo(app, (logoUrl) => storedImageId(logoUrl) === id))) return imageNotFound();
  const data = await drawnOrBusy(() => (isDrawnFile(file) ? app.images.drawn[file](id) : app.images.read(key)));
  if (data instanceof Response) return data;
  if (!data) return (await nearestVariant(app, key, cacheControl)) ?? imageNotFound();
  return imageFile(data, contentTypeOf(key), cacheControl);
};

/**
 * Asked of the database; while it cannot answer, the image is served: the pages the cache still
 * serves in an outage need their pictures, and none of them shows a deleted item's.
 */
async function isWithdrawn(app: Awaited<ReturnType<typeof getContext>>, id: string): Promise<boolean> {
  try {
    return await app.images.isWithdrawn(id);
  } catch (error) {
    app.log.warn({ err: error, imageId: id }, 'could not ask whether an image is withdrawn; served');
    return false;
  }
}

/**
 * A width that was not stored (an image narrower than the width asked for) redirects to the
 * nearest stored one, so that thumbnails can ask for /320.webp whatever the image's size.
 */
async function nearestVariant(app: Awaited<ReturnType<typeof getContext>>, key: string, cacheControl: string): Promise<Response | null> {
  const match = /^([a-z0-9]+)\/(\d{2,4})\.(webp|avif)$/.exec(key);
  if (!match) return null;
  const [, id, width, format] = match as unknown as [string, string, string, string];
  const url = storedImageUrl(id);
  const stored = (await app.images.describe([url])).get(url);
  const nearest = stored && nearestWidth(stored.widths, Number(width));
  if (nearest === undefined || String(nearest) === width) return null;
  return new Response(null, {
    status: 301,
    headers: { Location: variantUrl(url, nearest, format as ImageFormat), 'Cache-Control': cacheControl },
  });
}
