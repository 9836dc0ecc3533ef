import type { Db } from '../db/connect.ts';
import type { SiteSettingsTable } from '../db/database.ts';

const SINGLE_ROW_ID = 1;

export function createSettingsRepository(db: Db) {
  return {
    find: () => db.selectFrom('siteSettings').selectAll().where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    async save(row: Omit<SiteSettingsTable, 'id'>): Promise<void> {
      await db
        .insertInto('siteSettings')
        .values({ id: SINGLE_ROW_ID, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },
  };
}
