import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { LoginAttemptRow } from '../db/database.ts';

/**
 * Failed sign-ins per key (username and client address). Each write is one atomic statement,
 * so concurrent attempts on several instances count correctly on either database.
 */
export function createLoginAttemptsRepository(db: Db) {
  return {
    find: (key: string) => db.selectFrom('loginAttempts').selectAll().where('key', '=', key).executeTakeFirst(),

    /** Counts one failure; a window older than `windowStart` starts again from one. */
    recordFailure: (key: string, now: string, windowStart: string): Promise<LoginAttemptRow> =>
      db
        .insertInto('loginAttempts')
        .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null, lockouts: 0, lastLockoutAt: null })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`case when login_attempts.window_started_at < ${windowStart} then 1 else login_attempts.failures + 1 end`,
            windowStartedAt: sql`case when login_attempts.window_started_at < ${windowStart} then ${now} else login_attempts.window_started_at end`,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    async lock(key: string, lockedUntil: string, lockouts: number, now: string): Promise<void> {
      await db
        .updateTable('loginAttempts')
        .set({ lockedUntil, lockouts, lastLockoutAt: now, failures: 0, windowStartedAt: now })
        .where('key', '=', key)
        .execute();
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
