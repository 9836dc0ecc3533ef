import type { Db } from '../db/connect.ts';
import type { PageVersionsTable, WhatWeDoTable, WhoWeAreTable } from '../db/database.ts';
import { lockSingleRow, SINGLE_ROW_ID } from '../db/lock-row.ts';

export function createInfoPagesRepository(db: Db) {
  return {
    findWhoWeAre: () => db.selectFrom('whoWeAre').selectAll().where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    /** Holds the page's row (made, empty, if it was never saved) for the rest of the transaction. */
    lockWhoWeAre: () => lockSingleRow(db, 'whoWeAre', { aboutUs: '', whoAreWe: '', contactEmail: '' }),

    async saveWhoWeAre(row: Omit<WhoWeAreTable, 'id'>): Promise<void> {
      await db
        .insertInto('whoWeAre')
        .values({ id: SINGLE_ROW_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },

    findWhatWeDo: () => db.selectFrom('whatWeDo').selectAll().where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    /** As lockWhoWeAre. */
    lockWhatWeDo: () => lockSingleRow(db, 'whatWeDo', { mission: '', activities: '', impact: '' }),

    async saveWhatWeDo(row: Omit<WhatWeDoTable, 'id'>): Promise<void> {
      await db
        .insertInto('whatWeDo')
        .values({ id: SINGLE_ROW_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },

    /** Keeps what a page said before a save, and forgets all but its `kept` newest earlier versions. */
    async insertVersion(row: PageVersionsTable, kept: number): Promise<void> {
      await db.insertInto('pageVersions').values(row).execute();
      const newest = db
        .selectFrom('pageVersions')
        .select('id')
        .where('page', '=', row.page)
        .orderBy('replacedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(kept);
      await db.deleteFrom('pageVersions').where('page', '=', row.page).where('id', 'not in', newest).execute();
    },

    /** A page's earlier versions, newest first. */
    listVersions: (page: string) =>
      db.selectFrom('pageVersions').selectAll().where('page', '=', page).orderBy('replacedAt', 'desc').orderBy('id', 'desc').execute(),
  };
}
