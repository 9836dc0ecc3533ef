import type { Db } from '../db/connect.ts';
import type { WhatWeDoTable, WhoWeAreTable } from '../db/database.ts';
import { lockRow } from '../db/lock-row.ts';
import { NEVER_SAVED } from '../shared/edit-version.ts';

const SINGLE_ROW_ID = 1;

export function createInfoPagesRepository(db: Db) {
  return {
    findWhoWeAre: () => db.selectFrom('whoWeAre').selectAll().where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    /** Holds the page's row (made, empty, if it was never saved) for the rest of the transaction. */
    async lockWhoWeAre(): Promise<void> {
      await db
        .insertInto('whoWeAre')
        .values({ id: SINGLE_ROW_ID, aboutUs: '', whoAreWe: '', contactEmail: '', updatedAt: NEVER_SAVED })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await lockRow(db, 'whoWeAre', SINGLE_ROW_ID);
    },

    async saveWhoWeAre(row: Omit<WhoWeAreTable, 'id'>): Promise<void> {
      await db
        .insertInto('whoWeAre')
        .values({ id: SINGLE_ROW_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },

    findWhatWeDo: () => db.selectFrom('whatWeDo').selectAll().where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    /** As lockWhoWeAre. */
    async lockWhatWeDo(): Promise<void> {
      await db
        .insertInto('whatWeDo')
        .values({ id: SINGLE_ROW_ID, mission: '', activities: '', impact: '', updatedAt: NEVER_SAVED })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await lockRow(db, 'whatWeDo', SINGLE_ROW_ID);
    },

    async saveWhatWeDo(row: Omit<WhatWeDoTable, 'id'>): Promise<void> {
      await db
        .insertInto('whatWeDo')
        .values({ id: SINGLE_ROW_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },
  };
}
