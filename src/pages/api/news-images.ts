import { newsImageInputSchema } from '../../core/images/images.schema.ts';
import { readJson } from '../../server/http/body.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';

/** Step 3 of the news image flow (administrators only): the path that becomes the item's imageUrl. */
export const PUT = endpoint(async ({ request }, app) => {
  const { imageURL } = await readJson(request, newsImageInputSchema);
  return json({ objectPath: await app.images.objectPathFor(imageURL) });
});
