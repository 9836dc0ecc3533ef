import type { Db } from './connect.ts';

/**
 * Runs `work` in a transaction of its own, or in the caller's when `db` is one already (a script
 * that fills a site in one transaction, a service called inside another's change).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
