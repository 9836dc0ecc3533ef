import type { Db } from '../db/connect.ts';
import type { Insertable, Updateable, NewsItemRow, NewsItemsTable } from '../db/database.ts';

export function createNewsRepository(db: Db) {
  return {
    /** Newest publication first; among equal dates the most recently created first. */
    async list(page?: { limit: number; offset: number }): Promise<NewsItemRow[]> {
      let query = db.selectFrom('newsItems').selectAll().orderBy('publishedAt', 'desc').orderBy('createdAt', 'desc').orderBy('id');
      if (page) query = query.limit(page.limit).offset(page.offset);
      return query.execute();
    },

    /** Ids and last changes, newest first, for the sitemap: no content read, nothing sanitised. */
    listLinks: (limit: number) =>
      db
        .selectFrom('newsItems')
        .select(['id', 'updatedAt'])
        .orderBy('publishedAt', 'desc')
        .orderBy('createdAt', 'desc')
        .limit(limit)
        .execute(),

    /** Rows cleaned with rules older than `version`, a batch at a time. */
    listCleanedBefore: (version: number, limit: number) =>
      db.selectFrom('newsItems').select(['id', 'content']).where('cleanedWith', '<', version).orderBy('id').limit(limit).execute(),

    /** Stores content cleaned again, unless the row was rewritten (and so cleaned) meanwhile. */
    async storeCleaned(id: string, cleaned: { content: string; contentText: string; cleanedWith: number }): Promise<void> {
      await db.updateTable('newsItems').set(cleaned).where('id', '=', id).where('cleanedWith', '<', cleaned.cleanedWith).execute();
    },

    async findById(id: string): Promise<NewsItemRow | undefined> {
      return db.selectFrom('newsItems').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('newsItems')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: Insertable<NewsItemsTable>): Promise<void> {
      await db.insertInto('newsItems').values(row).execute();
    },

    async update(id: string, changes: Updateable<Omit<NewsItemsTable, 'id' | 'createdAt'>>): Promise<boolean> {
      const result = await db.updateTable('newsItems').set(changes).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('newsItems').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
