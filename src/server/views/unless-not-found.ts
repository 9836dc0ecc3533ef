import { NotFoundError } from '../../core/shared/errors.ts';

/**
 * An item for a page, or null when it does not exist (the page then shows its 404). Any other
 * failure, such as a database error, still fails the request instead of passing for a 404.
 */
export async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
