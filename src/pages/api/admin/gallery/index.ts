import { actorOf } from '../../../../server/http/activity.ts';
import { galleryImageSchema, galleryInputSchema } from '../../../../core/gallery/gallery.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const POST = endpoint(
  { summary: 'Add a gallery image', body: galleryInputSchema, response: galleryImageSchema, status: 201, idempotent: true },
  async (context, app, input) => {
    const photo = await app.gallery.create(input, actorOf(app, context), context.locals.createdId);
    return json(photo);
  },
);
