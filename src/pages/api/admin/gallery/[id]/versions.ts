import { z } from 'zod';
import { pageVersionSchema } from '../../../../../core/versions/versions.schema.ts';
import { endpoint, pathId } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** What a photo showed and said before each of its last saves, newest first (docs/decisions/061). */
export const GET = endpoint(
  { summary: "Earlier versions of a gallery photo's picture and caption, newest first", response: z.array(pageVersionSchema) },
  async (context, app) => json(await app.gallery.versions(pathId(context, 'Gallery image'))),
);
