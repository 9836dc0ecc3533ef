/**
 * The drivers cap the values one statement may carry (SQLite 32,766, PostgreSQL 65,535): a list
 * that can be long (what one administrator deleted, their lines) is sent a few hundred at a time.
 */
export async function inBatches<T>(items: T[], size: number, each: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await each(items.slice(start, start + size));
}
