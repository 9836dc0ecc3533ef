import { NEWS_UPLOAD_MAX } from '../../../core/images/images.service.ts';
import { readBodyBytes } from '../../../server/http/body.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { json } from '../../../server/http/responses.ts';

const TOO_LARGE = 'File size must be less than 10MB';

/**
 * Step 2 of the news image flow: the raw file PUT to the one-time URL. The URL itself is the
 * credential (like a signed object-storage URL); it works once, for 15 minutes.
 */
export const PUT = endpoint(async ({ params, request }, app) => {
  const token = params.token ?? '';
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new HttpError(403, 'This upload link is not valid: it has expired or was already used.');
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(request, NEWS_UPLOAD_MAX);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, TOO_LARGE);
    throw error;
  }
  const image = await app.images.receiveUpload(token, bytes);
  return json({ message: 'Uploaded', objectPath: image.url });
});
