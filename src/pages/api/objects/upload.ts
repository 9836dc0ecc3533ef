import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** Step 1 of the news image flow (administrators only): a one-time upload URL. */
export const POST = endpoint(async ({ url }, app) => json({ uploadURL: await app.images.createUploadUrl(url.origin) }));
