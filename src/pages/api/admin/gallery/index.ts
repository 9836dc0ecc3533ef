import { galleryInputSchema } from '../../../../core/gallery/gallery.schema.ts';
import { readJson } from '../../../../server/http/body.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const POST = endpoint(async ({ request }, app) =>
  json(await app.gallery.create(await readJson(request, galleryInputSchema)), { status: 201 }),
);
