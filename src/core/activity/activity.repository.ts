import type { Db } from '../db/connect.ts';
import { inBatches } from '../db/batches.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { ActivityTable } from '../db/database.ts';

const ROWS_PER_INSERT = 200;

export interface ActivityFilter {
  before?: { at: string; id: string } | undefined;
  adminId?: string | undefined;
}

/** The activity log's SQL. */
export function createActivityRepository(db: Db) {
  return {
    /** In one transaction (the caller's, when it is one), a few hundred rows a statement. */
    insert: (rows: ActivityTable[]) => {
      const write = (trx: Db) => inBatches(rows, ROWS_PER_INSERT, (batch) => trx.insertInto('activity').values(batch).execute());
      return inTransaction(db, write);
    },

    /** Newest first, `limit` lines older than `before` (by time, then id), of one administrator or all. */
    page: (limit: number, { before, adminId }: ActivityFilter) =>
      db
        .selectFrom('activity')
        .selectAll()
        .$if(adminId !== undefined, (query) => query.where('adminId', '=', adminId!))
        .$if(before !== undefined, (query) =>
          query.where((eb) => eb.or([eb('at', '<', before!.at), eb.and([eb('at', '=', before!.at), eb('id', '<', before!.id)])])),
        )
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** An administrator's lines of one action since `since`, about these kinds, newest first. */
    linesOf: (adminId: string, action: 'added' | 'deleted' | 'removed', since: string, subjectKinds: string[]) =>
      db
        .selectFrom('activity')
        .selectAll()
        .where('adminId', '=', adminId)
        .where('at', '>=', since)
        .where('action', '=', action)
        .where('subjectKind', 'in', subjectKinds)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /**
     * The line that added administrator `id`, written within `within` ms after `createdAt` (the
     * account's row, in the same transaction): found through the (action, at) index in that
     * window, never by walking a script's week of 'added' lines.
     */
    additionOf: (id: string, createdAt: string, within: number) =>
      db
        .selectFrom('activity')
        .select(['adminId', 'adminName', 'at'])
        .where('action', '=', 'added')
        .where('at', '>=', createdAt)
        .where('at', '<=', new Date(Date.parse(createdAt) + within).toISOString())
        .where('subjectKind', '=', 'administrator')
        .where('subjectId', '=', id)
        .executeTakeFirst(),

    /** The lines that put an administrator back since `since` (docs/decisions/125), newest first: a handful, by the (action, at) index. */
    administratorsRestoredSince: (since: string) =>
      db
        .selectFrom('activity')
        .select(['subjectId', 'adminName', 'at'])
        .where('action', '=', 'restored')
        .where('at', '>=', since)
        .where('subjectKind', '=', 'administrator')
        .orderBy('at', 'desc')
        .execute(),

    /** Each administrator paused since `since` (059), with their latest pause, the latest first. */
    pausesSince: (since: string) =>
      db
        .selectFrom('activity')
        .select((eb) => ['adminId', eb.fn.max('adminName').as('adminName'), eb.fn.max('at').as('at')])
        .where('action', '=', 'paused')
        .where('at', '>=', since)
        .where('adminId', 'is not', null)
        .groupBy('adminId')
        .orderBy('at', 'desc')
        .execute(),

    /** Each administrator who has lines, with the name they are written under (removed ones too; names never change). */
    people: () =>
      db
        .selectFrom('activity')
        .select((eb) => ['adminId', eb.fn.max('adminName').as('adminName')])
        .where('adminId', 'is not', null)
        .groupBy('adminId')
        .execute(),

    /** An administrator's newest sign-in line. */
    lastSignIn: (adminId: string) =>
      db
        .selectFrom('activity')
        .select(['at', 'address', 'device'])
        .where('adminId', '=', adminId)
        .where('action', '=', 'signed-in')
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    deleteBefore: (at: string) =>
      db
        .deleteFrom('activity')
        .where('at', '<', at)
        .executeTakeFirst()
        .then((result) => Number(result.numDeletedRows)),
  };
}
