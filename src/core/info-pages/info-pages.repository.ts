import type { Db } from '../db/connect.ts';
import type { WhatWeDoTable, WhoWeAreTable } from '../db/database.ts';

const SINGLE_ROW_ID = 1;

export function createInfoPagesRepository(db: Db) {
  return {
    findWhoWeAre: () => db.selectFrom('whoWeAre').selectAll().where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    async saveWhoWeAre(row: Omit<WhoWeAreTable, 'id'>): Promise<void> {
      await db
        .insertInto('whoWeAre')
        .values({ id: SINGLE_ROW_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },

    findWhatWeDo: () => db.selectFrom('whatWeDo').selectAll().where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    async saveWhatWeDo(row: Omit<WhatWeDoTable, 'id'>): Promise<void> {
      await db
        .insertInto('whatWeDo')
        .values({ id: SINGLE_ROW_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },
  };
}
