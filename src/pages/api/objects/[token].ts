import { objectPathResponseSchema } from '../../../core/images/images.schema.ts';
import { UPLOAD_LINK_INVALID } from '../../../core/images/images.service.ts';
import { ImageRejectedError } from '../../../core/images/pipeline.ts';
import { NEWS_UPLOAD } from '../../../core/images/upload-limits.ts';
import { readBodyBytes } from '../../../server/http/body.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { json } from '../../../server/http/responses.ts';

/**
 * Step 2 of the news image flow: the raw file PUT to the one-time URL. The URL itself is the
 * credential (like a signed object-storage URL); it works once, for 15 minutes.
 */
export const PUT = endpoint(
  {
    summary: `News image flow, step 2: PUT the raw file (at most ${NEWS_UPLOAD.label}) to the upload URL`,
    raw: true,
    response: objectPathResponseSchema,
  },
  async ({ params, request }, app) => {
    const token = params.token ?? '';
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new HttpError(403, UPLOAD_LINK_INVALID, { headers: { Connection: 'close' } });
    // Before a byte of the body is read: a made-up link costs a lookup, not a body's worth of memory, and
    // the connection is closed so that the rest of the body is not even received.
    await app.images.checkUploadToken(token).catch((error: unknown) => {
      // Only a refused link closes the connection; a database outage stays a 503.
      if (error instanceof ImageRejectedError) throw new HttpError(403, error.message, { headers: { Connection: 'close' } });
      throw error;
    });
    let bytes: Uint8Array;
    try {
      bytes = await readBodyBytes(request, NEWS_UPLOAD.maxBytes);
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) throw new HttpError(413, NEWS_UPLOAD.tooLarge);
      throw error;
    }
    const image = await app.images.receiveUpload(token, bytes);
    return json({ message: 'Uploaded', objectPath: image.url });
  },
);
