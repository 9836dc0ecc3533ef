import { uploadResponseSchema } from '../../../core/images/images.schema.ts';
import { DIRECT_UPLOAD } from '../../../core/images/upload-limits.ts';
import { NOT_AN_IMAGE } from '../../../core/images/pipeline.ts';
import { readBodyBytes } from '../../../server/http/body.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { HttpError } from '../../../server/http/errors.ts';
import { json } from '../../../server/http/responses.ts';

// Room for the multipart boundaries and headers around the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;

/** Direct upload (events, gallery, logo): multipart with the field "image". */
export const POST = endpoint(
  {
    summary: `Upload an image (multipart, field "image", at most ${DIRECT_UPLOAD.label}); answers its URL`,
    multipart: true,
    response: uploadResponseSchema,
  },
  async ({ request }, app) => {
    const type = request.headers.get('content-type') ?? '';
    if (!/^multipart\/form-data;/i.test(type))
      throw new HttpError(415, 'Please send the image as multipart/form-data in the field "image".');
    let bytes: Uint8Array;
    try {
      bytes = await readBodyBytes(request, DIRECT_UPLOAD.maxBytes + MULTIPART_OVERHEAD);
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) throw new HttpError(413, DIRECT_UPLOAD.tooLarge);
      throw error;
    }
    let file: FormDataEntryValue | null;
    try {
      file = (await new Response(bytes as BodyInit, { headers: { 'content-type': type } }).formData()).get('image');
    } catch {
      throw new HttpError(400, 'The upload could not be read. Please try again.');
    }
    if (!(file instanceof File)) throw new HttpError(400, NOT_AN_IMAGE, { errors: { image: 'Please choose an image' } });
    const image = await app.images.ingest(new Uint8Array(await file.arrayBuffer()), DIRECT_UPLOAD);
    return json({ imageUrl: image.url });
  },
);
