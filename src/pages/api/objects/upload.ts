import { uploadUrlResponseSchema } from '../../../core/images/images.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Step 1 of the news image flow (administrators only): a one-time upload URL on PUBLIC_URL, never on the request's Host. */
export const POST = endpoint(
  { summary: 'News image flow, step 1: a one-time upload URL (15 minutes)', response: uploadUrlResponseSchema },
  async (_context, app) => json({ uploadURL: await app.images.createUploadUrl(app.config.publicUrl) }),
);
