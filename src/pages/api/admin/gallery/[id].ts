import { actorOf } from '../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../server/http/api-schemas.ts';
import { galleryImageSchema, galleryInputSchema } from '../../../../core/gallery/gallery.schema.ts';
import { endpoint, pathId } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';
import { ifMatch, versionedJson } from '../../../../server/http/versions.ts';

export const PUT = endpoint(
  { summary: 'Update a gallery image', body: galleryInputSchema, response: galleryImageSchema, versioned: true },
  async (context, app, input) => {
    const id = pathId(context, 'Gallery image');
    const photo = await app.gallery.update(id, input, ifMatch(context.request), actorOf(app, context));
    return versionedJson(photo);
  },
);

export const DELETE = endpoint({ summary: 'Delete a gallery image', response: deletedSchema }, async (context, app) => {
  const deleted = await app.gallery.delete(pathId(context, 'Gallery image'), actorOf(app, context));
  return json({ message: 'Gallery image deleted', id: deleted.id });
});
