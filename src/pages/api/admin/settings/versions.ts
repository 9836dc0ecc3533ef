import { z } from 'zod';
import { pageVersionSchema } from '../../../../core/versions/versions.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** What the settings' words and links were before each of their last saves, newest first (docs/decisions/055). */
export const GET = endpoint(
  {
    summary: "Earlier versions of the site settings' words and links (not the logo or banner photo), newest first",
    response: z.array(pageVersionSchema),
  },
  async (_context, app) => json(await app.settings.versions()),
);
