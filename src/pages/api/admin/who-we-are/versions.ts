import { z } from 'zod';
import { pageVersionSchema } from '../../../../core/versions/versions.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** What the page said before each of its last saves, newest first (docs/decisions/055). */
export const GET = endpoint(
  { summary: 'Earlier versions of the Who We Are page, newest first', response: z.array(pageVersionSchema) },
  async (_context, app) => json(await app.infoPages.whoWeAreVersions()),
);
