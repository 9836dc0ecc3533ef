import type { Db } from '../db/connect.ts';
import type { Insertable, Updateable, NewsItemRow, NewsItemsTable } from '../db/database.ts';
import { namingImage } from '../images/image-reference.ts';
import { storedImageId } from '../images/image-urls.ts';

/** What the application reads of a news row (the image reference stays in the repository). */
const COLUMNS = ['id', 'title', 'content', 'contentText', 'cleanedWith', 'publishedAt', 'imageUrl', 'createdAt', 'updatedAt'] as const;

export function createNewsRepository(db: Db) {
  return {
    /** Newest publication first; among equal dates the most recently created first. */
    async list(page?: { limit: number; offset: number }): Promise<NewsItemRow[]> {
      let query = db.selectFrom('newsItems').select(COLUMNS).orderBy('publishedAt', 'desc').orderBy('createdAt', 'desc').orderBy('id');
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
      return db.selectFrom('newsItems').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('newsItems')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Every write keeps the image reference in step with the URL (a stored image that is not
     * there is refused by the foreign key: 409, namingImage), and answers the row as written.
     */
    insert: (row: Omit<Insertable<NewsItemsTable>, 'imageId'>): Promise<NewsItemRow> =>
      namingImage(
        db
          .insertInto('newsItems')
          .values({ ...row, imageId: storedImageId(row.imageUrl) })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow(),
      ),

    update: (id: string, changes: Omit<Updateable<NewsItemsTable>, 'id' | 'createdAt' | 'imageId'>): Promise<NewsItemRow | undefined> =>
      namingImage(
        db
          .updateTable('newsItems')
          .set(changes.imageUrl === undefined ? changes : { ...changes, imageId: storedImageId(changes.imageUrl) })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst(),
      ),

    delete: (id: string): Promise<NewsItemRow | undefined> =>
      db.deleteFrom('newsItems').where('id', '=', id).returning(COLUMNS).executeTakeFirst(),
  };
}
