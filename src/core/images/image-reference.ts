import { isForeignKeyViolation } from '../db/errors.ts';
import { ConflictError } from '../shared/errors.ts';

const IMAGE_GONE =
  'That image is no longer on the site (it was replaced or deleted meanwhile), so nothing was saved. Please choose or upload it again.';

/**
 * A content write that names a stored image (news, events, gallery, the logo): the foreign key's
 * refusal of an image that is not there becomes a 409 a person understands. Here, not in the
 * HTTP layer, because only these writes know that the key in question is an image.
 */
export async function namingImage<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ConflictError(IMAGE_GONE);
    throw error;
  }
}
