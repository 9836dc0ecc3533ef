import type { Db } from '../db/connect.ts';

/** What one administrator may still change, as counted at `countedAt` (src/core/auth/write-budget.ts). */
export interface WriteBudget {
  writes: number;
  textBytes: number;
  countedAt: string;
  pauseNotedAt: string | null;
}

/** The budget of an administrator who has not changed anything lately: empty so long ago that it has refilled. */
const LONG_AGO: Omit<WriteBudget, 'pauseNotedAt'> = { writes: 0, textBytes: 0, countedAt: new Date(0).toISOString() };

export function createWriteBudgetsRepository(db: Db) {
  return {
    /**
     * Reads an administrator's budget, hands it to `decide` and writes the budget it returns, as
     * one serialised step on either database.
     */
    update<T extends { next: WriteBudget }>(adminId: string, decide: (budget: WriteBudget) => T): Promise<T> {
      return db.transaction().execute(async (trx) => {
        // An upsert locks the row until commit on PostgreSQL (a second first request waits for the
        // first's row) and takes SQLite's write lock: racing requests queue here instead of
        // spending the same budget twice.
        const budget = await trx
          .insertInto('writeBudgets')
          .values({ adminId, ...LONG_AGO, pauseNotedAt: null })
          .onConflict((oc) => oc.column('adminId').doUpdateSet((eb) => ({ adminId: eb.ref('excluded.adminId') })))
          .returning(['writes', 'textBytes', 'countedAt', 'pauseNotedAt'])
          .executeTakeFirstOrThrow();
        const result = decide(budget);
        await trx.updateTable('writeBudgets').set(result.next).where('adminId', '=', adminId).execute();
        return result;
      });
    },

    async deleteCountedBefore(before: string): Promise<void> {
      await db.deleteFrom('writeBudgets').where('countedAt', '<', before).execute();
    },
  };
}
