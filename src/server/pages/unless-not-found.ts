/**
 * An item for a page, or null when it does not exist (the page then shows its 404). Any other
 * failure, such as a database error, still fails the request instead of passing for a 404.
 * Errors are matched by name: the services' classes are other copies of the same code here.
 */
export async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFoundError') return null;
    throw error;
  }
}
