import type { Db } from '../db/connect.ts';
import type { WhatWeDoTable, WhoWeAreTable } from '../db/database.ts';
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
  };
}
