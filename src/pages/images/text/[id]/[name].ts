import type { APIRoute } from 'astro';
import { getContext } from '../../../../core/context.ts';
import { ID_PATTERN } from '../../../../core/shared/ids.ts';
import { STORED_IMAGE_CACHE } from '../../../../server/http/headers.ts';
import { imageFile, imageNotFound } from '../../../../server/http/image-responses.ts';

/**
 * A picture kept in the text of a news item on the site, as a file of its own (docs/decisions/083).
 * Its name is a hash of the picture: a changed one has a new address, so an answer may be kept
 * for a year. An item deleted, or a picture taken out of the text, is not found.
 */
export const GET: APIRoute = async ({ params }) => {
  const id = params.id ?? '';
  if (!ID_PATTERN.test(id)) return imageNotFound();
  const app = await getContext();
  const picture = await app.news.textPicture(id, params.name ?? '');
  return picture ? imageFile(picture.bytes, picture.type, STORED_IMAGE_CACHE) : imageNotFound();
};
