import { isUniqueViolation } from '../db/errors.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { Db } from '../db/connect.ts';
import type { AdminRow } from '../db/database.ts';
import { STEPS_DATED_AHEAD } from '../auth/two-step.ts';

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

    /**
     * Records `step` as used unless it (or a later one) already was; true when this call took it.
     * A later one dated by a clock that ran ahead does not count.
     */
    async takeTwoStepStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('admins')
        .set({ totpLastStep: step })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step), eb('totpLastStep', '>', step + STEPS_DATED_AHEAD)]),
        )
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

    /** The administrators added since `since`, newest first (a handful of rows: no index needed). */
    addedSince: (since: string) =>
      db
        .selectFrom('admins')
        .select(['id', 'username', 'createdAt'])
        .where('createdAt', '>=', since)
        .orderBy('createdAt', 'desc')
        .execute(),

    /**
     * Removes an administrator unless that would leave none: the account moves to removed_admins
     * (its sessions go with the row, by the foreign key). Every administrator row is locked first
     * (an update that changes nothing takes row locks on PostgreSQL and the write lock on SQLite),
     * so two administrators removing each other at once run one after the other and the second
     * sees that only one is left.
     */
    removeUnlessLast: (id: string, removedBy: string | null, at: string): Promise<'removed' | 'last' | 'missing'> =>
      inTransaction(db, async (trx) => {
        await lockAll(trx);
        const rows = await trx.selectFrom('admins').selectAll().execute();
        const admin = rows.find((row) => row.id === id);
        if (!admin) return 'missing';
        if (rows.length <= 1) return 'last';
        await trx.deleteFrom('removedAdmins').where('id', '=', id).execute();
        await trx
          .insertInto('removedAdmins')
          .values({ id, username: admin.username, account: JSON.stringify(admin), removedAt: at, removedBy })
          .execute();
        await trx.deleteFrom('admins').where('id', '=', id).execute();
        return 'removed';
      }),

    /** When each of `ids` still in removed_admins was removed, if since `since`. */
    async removedAmong(ids: string[], since: string): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('removedAdmins')
        .select(['id', 'removedAt'])
        .where('id', 'in', ids)
        .where('removedAt', '>=', since)
        .execute();
      return new Map(rows.map((row) => [row.id, row.removedAt]));
    },

    /** The administrators removed since `since`, newest first. */
    removedSince: (since: string) =>
      db
        .selectFrom('removedAdmins')
        .select(['id', 'username', 'removedAt', 'removedBy'])
        .where('removedAt', '>=', since)
        .orderBy('removedAt', 'desc')
        .execute(),

    /**
     * Puts a removed administrator back as they were, if removed since `since` and their name is
     * still free. Locked as a removal is, so that two at once put the account back once.
     */
    putBack: (id: string, since: string): Promise<{ outcome: 'missing' } | { outcome: 'taken' | 'restored'; admin: AdminRow }> =>
      inTransaction(db, async (trx) => {
        await lockAll(trx);
        const removed = await trx
          .selectFrom('removedAdmins')
          .select('account')
          .where('id', '=', id)
          .where('removedAt', '>=', since)
          .executeTakeFirst();
        if (!removed) return { outcome: 'missing' };
        const admin = JSON.parse(removed.account) as AdminRow;
        const taken = await trx
          .selectFrom('admins')
          .select('id')
          .where((eb) => eb.or([eb('username', '=', admin.username), eb('id', '=', id)]))
          .executeTakeFirst();
        // The same account is there already (a backup restored over the removal): nothing to put back.
        if (taken?.id === id) return { outcome: 'missing' };
        if (taken) return { outcome: 'taken', admin };
        try {
          await trx.insertInto('admins').values(admin).execute();
        } catch (error) {
          // The name added at this moment (on PostgreSQL, written but not committed when looked for above).
          if (isUniqueViolation(error)) return { outcome: 'taken', admin };
          throw error;
        }
        await trx.deleteFrom('removedAdmins').where('id', '=', id).execute();
        return { outcome: 'restored', admin };
      }),

    /** Forgets the administrators removed before `before`; how many. */
    async forgetRemovedBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('removedAdmins').where('removedAt', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** Takes every administrator row's lock: an update that changes nothing. */
const lockAll = (trx: Db) =>
  trx
    .updateTable('admins')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .execute();
