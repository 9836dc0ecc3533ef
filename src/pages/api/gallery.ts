import { galleryImageSchema } from '../../core/gallery/gallery.schema.ts';
import { z } from 'zod';
import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';

export const GET = endpoint({ summary: 'Gallery images, newest first', response: z.array(galleryImageSchema) }, async (_context, app) =>
  json(await app.gallery.list()),
);
