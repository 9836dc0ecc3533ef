import { ConflictError } from '../shared/errors.ts';
import { isUniqueViolation } from './errors.ts';

/**
 * Makes an item under `id` when the create came with an Idempotency-Key (the id is the key's, the
 * same for every retry), or, when an earlier try made it already (its server died before keeping
 * the answer), answers that item: the primary key decides, on either database, however the tries
 * overlap. An item made and deleted since is not made again.
 */
export async function madeOnce<T>(
  id: string | undefined,
  make: () => Promise<T>,
  made: (id: string) => Promise<T | undefined>,
  noun: string,
): Promise<T> {
  try {
    return await make();
  } catch (error) {
    if (id === undefined || !isUniqueViolation(error)) throw error;
    const existing = await made(id);
    if (existing) return existing;
    throw new ConflictError(`This ${noun} was added already, and deleted since: it is in Recently deleted.`);
  }
}
