import type { Db } from '../db/connect.ts';
import type { AttemptCounter } from './login-policy.ts';

const NEVER = new Date(0).toISOString();

/**
 * Counters of sign-in attempts, one row per key. `update` reads and writes several counters
 * as one serialised step on either database, so that racing requests (on one instance or
 * several) each see the count the previous one left.
 */
export function createLoginAttemptsRepository(db: Db) {
  return {
    /**
     * Locks the rows of `keys` (creating empty ones), hands them to `decide`, and writes the
     * counters it returns, all in one transaction.
     */
    update<T>(keys: string[], decide: (counters: Map<string, AttemptCounter>) => { write: AttemptCounter[]; result: T }): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const counters = new Map<string, AttemptCounter>();
        // A fixed order, so that two transactions never wait for each other's rows.
        for (const key of [...new Set(keys)].sort()) {
          // An upsert locks the row until commit on PostgreSQL, and takes SQLite's write lock:
          // concurrent attempts on the same key queue here instead of reading a stale count.
          const row = await trx
            .insertInto('loginAttempts')
            .values({ key, failures: 0, windowStartedAt: NEVER, lockedUntil: null, lockouts: 0, lastLockoutAt: null })
            .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
            .returningAll()
            .executeTakeFirstOrThrow();
          counters.set(key, row);
        }
        const { write, result } = decide(counters);
        for (const { key, ...counter } of write) {
          await trx.updateTable('loginAttempts').set(counter).where('key', '=', key).execute();
        }
        return result;
      });
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('loginAttempts').where('key', '=', key).execute();
    },

    async deleteStale(before: string): Promise<void> {
      await db
        .deleteFrom('loginAttempts')
        .where('windowStartedAt', '<', before)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', before)]))
        .where((eb) => eb.or([eb('lastLockoutAt', 'is', null), eb('lastLockoutAt', '<', before)]))
        .execute();
    },
  };
}
