import { inTransaction } from '../db/in-transaction.ts';
import type { Db } from '../db/connect.ts';
import type { AdminRow } from '../db/database.ts';

export function createAdminsRepository(db: Db) {
  return {
    list: () => db.selectFrom('admins').selectAll().orderBy('username').execute(),

    findByUsername: (username: string) => db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst(),

    findById: (id: string) => db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst(),

    async count(): Promise<number> {
      const row = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: AdminRow): Promise<void> {
      await db.insertInto('admins').values(row).execute();
    },

    /** Turns two-step sign-in on with `secret`, or off with null. */
    async setTwoStepSecret(id: string, totpSecret: string | null, updatedAt: string): Promise<boolean> {
      const result = await db
        .updateTable('admins')
        .set({ totpSecret, totpLastStep: null, wrongCodes: 0, lastWrongCodeAt: null, updatedAt })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Records `step` as used unless it (or a later one) already was; true when this call took it. */
    async takeTwoStepStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('admins')
        .set({ totpLastStep: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * A new password: the wrong codes sent with the old one no longer tell anything. `givenAt`:
     * set by someone else, who knows it (null: chosen by its owner). False when no such
     * administrator is left (removed meanwhile).
     */
    async setPasswordHash(id: string, passwordHash: string, updatedAt: string, givenAt: string | null): Promise<boolean> {
      const result = await db
        .updateTable('admins')
        .set({ passwordHash, wrongCodes: 0, lastWrongCodeAt: null, passwordGivenAt: givenAt, updatedAt })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** One more wrong two-step code with the right password (counted in the statement, so racing ones all count). */
    async recordWrongCode(id: string, at: string): Promise<void> {
      await db
        .updateTable('admins')
        .set((eb) => ({ wrongCodes: eb('wrongCodes', '+', 1), lastWrongCodeAt: at }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Deletes an administrator unless that would leave none. Every administrator row is locked
     * first (an update that changes nothing takes row locks on PostgreSQL and the write lock on
     * SQLite), so two administrators removing each other at once run one after the other and
     * the second sees that only one is left.
     */
    /** The administrators added since `since`, newest first (a handful of rows: no index needed). */
    addedSince: (since: string) =>
      db
        .selectFrom('admins')
        .select(['id', 'username', 'createdAt'])
        .where('createdAt', '>=', since)
        .orderBy('createdAt', 'desc')
        .execute(),

    deleteUnlessLast: (id: string): Promise<'deleted' | 'last' | 'missing'> =>
      inTransaction(db, async (trx) => {
        await trx
          .updateTable('admins')
          .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
          .execute();
        const rows = await trx.selectFrom('admins').select('id').execute();
        if (!rows.some((row) => row.id === id)) return 'missing';
        if (rows.length <= 1) return 'last';
        await trx.deleteFrom('admins').where('id', '=', id).execute();
        return 'deleted';
      }),
  };
}
