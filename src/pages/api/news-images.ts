import { newsImageInputSchema, objectPathResponseSchema } from '../../core/images/images.schema.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';

/** Step 3 of the news image flow (administrators only): the path that becomes the item's imageUrl. */
export const PUT = endpoint(
  { summary: 'News image flow, step 3: the objectPath for an upload URL', body: newsImageInputSchema, response: objectPathResponseSchema },
  async (_context, app, input) => {
    const { imageURL } = input;
    return json({ objectPath: await app.images.objectPathFor(imageURL) });
  },
);
