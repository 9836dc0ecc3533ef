import { galleryInputSchema } from '../../../../core/gallery/gallery.schema.ts';
import { readJson } from '../../../../server/http/body.ts';
import { endpoint, pathId } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const PUT = endpoint(async (context, app) => {
  const id = pathId(context, 'Gallery image');
  return json(await app.gallery.update(id, await readJson(context.request, galleryInputSchema)));
});

export const DELETE = endpoint(async (context, app) => {
  const deleted = await app.gallery.delete(pathId(context, 'Gallery image'));
  return json({ message: 'Gallery image deleted', id: deleted.id });
});
