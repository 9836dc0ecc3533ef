import { z } from 'zod';
import { pageVersionSchema } from '../../../../../core/versions/versions.schema.ts';
import { endpoint, pathId } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

/** What a news item said before each of its last saves, newest first (docs/decisions/056). */
export const GET = endpoint(
  { summary: "Earlier versions of a news item's words and picture, newest first", response: z.array(pageVersionSchema) },
  async (context, app) => json(await app.news.versions(pathId(context, 'News item'))),
);
