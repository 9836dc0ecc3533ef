import type { Db } from '../db/connect.ts';
import type { ActivityTable } from '../db/database.ts';

export interface ActivityFilter {
  before?: { at: string; id: string } | undefined;
  adminId?: string | undefined;
}

/** The activity log's SQL. */
export function createActivityRepository(db: Db) {
  return {
    insert: (row: ActivityTable) => db.insertInto('activity').values(row).execute(),

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
