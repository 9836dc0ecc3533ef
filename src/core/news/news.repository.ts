import type { Db } from '../db/connect.ts';
import type { Insertable, Updateable, NewsItemRow, NewsItemsTable } from '../db/database.ts';
import { namingImage } from '../images/image-reference.ts';
import { storedImageId } from '../images/image-urls.ts';
import { live } from '../trash/live.ts';
import { lockRow } from '../db/lock-row.ts';

/** What the application reads of a news row (the image reference stays in the repository). */
const COLUMNS = [
  'id',
  'title',
  'content',
  'contentText',
  'cleanedWith',
  'publishedAt',
  'imageUrl',
  'imageAlt',
  'createdAt',
  'updatedAt',
] as const;

/**
 * `publishedBy`: an instant (ISO, UTC); only items published by then, as visitors see them
 * (docs/decisions/103). Left out: every live item, scheduled ones too, as administrators see them.
 */
export type PublishedBy = string | undefined;

export function createNewsRepository(db: Db) {
  /** The live rows visitors see at `publishedBy` (all of them without it). */
  const shown = (publishedBy: PublishedBy) =>
    live(db, 'newsItems').$if(publishedBy !== undefined, (query) => query.where('publishedAt', '<=', publishedBy!));

  return {
    /** Newest publication first; among equal dates the most recently created first. */
    async list(publishedBy: PublishedBy, page?: { limit: number; offset: number }): Promise<NewsItemRow[]> {
      let query = shown(publishedBy).select(COLUMNS).orderBy('publishedAt', 'desc').orderBy('createdAt', 'desc').orderBy('id');
      if (page) query = query.limit(page.limit).offset(page.offset);
      return query.execute();
    },

    /** The ids of every live item in list order: small, so that the rows can be read a batch at a time. */
    async listIds(publishedBy: PublishedBy): Promise<string[]> {
      const rows = await shown(publishedBy)
        .select('id')
        .orderBy('publishedAt', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The live rows with these ids, in no particular order (deleted meanwhile: left out), without
     * their plain text, which the API does not answer (it would double what a list reads).
     */
    findManyWithoutText: (ids: string[]): Promise<Omit<NewsItemRow, 'contentText'>[]> =>
      live(db, 'newsItems')
        .select(COLUMNS.filter((column) => column !== 'contentText'))
        .where('id', 'in', ids)
        .execute(),

    /** Ids and last changes, newest first, for the sitemap: no content read, nothing sanitised. */
    listLinks: (publishedBy: PublishedBy, limit: number, offset = 0) =>
      shown(publishedBy)
        .select(['id', 'updatedAt'])
        .orderBy('publishedAt', 'desc')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    /**
     * Rows stored under rules older than `version`, by id after `afterId`: the recently deleted
     * too, as a restored item is shown as it was stored.
     */
    listCleanedBefore: (version: number, limit: number, afterId = '') =>
      db
        .selectFrom('newsItems')
        .select(['id', 'content'])
        .where('cleanedWith', '<', version)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Stores content cleaned again, unless the row was rewritten (and so cleaned) meanwhile. */
    async storeCleaned(id: string, cleaned: { content: string; contentText: string; cleanedWith: number }): Promise<void> {
      await db.updateTable('newsItems').set(cleaned).where('id', '=', id).where('cleanedWith', '<', cleaned.cleanedWith).execute();
    },

    /** The stored content alone, of an item on the site. */
    findContent: (id: string) => live(db, 'newsItems').select(['content', 'cleanedWith']).where('id', '=', id).executeTakeFirst(),

    async findById(id: string, publishedBy?: PublishedBy): Promise<NewsItemRow | undefined> {
      return shown(publishedBy).select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async count(publishedBy: PublishedBy): Promise<number> {
      const row = await shown(publishedBy)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** When the next scheduled item is published (after `after`), for the page cache. */
    async firstPublishedAfter(after: string): Promise<string | null> {
      const row = await live(db, 'newsItems')
        .select('publishedAt')
        .where('publishedAt', '>', after)
        .orderBy('publishedAt')
        .limit(1)
        .executeTakeFirst();
      return row?.publishedAt ?? null;
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
          .where('deletedAt', 'is', null)
          .set(changes.imageUrl === undefined ? changes : { ...changes, imageId: storedImageId(changes.imageUrl) })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst(),
      ),

    /** Holds the row for the rest of the transaction (see lockRow). */
    lock: (id: string) => lockRow(db, 'newsItems', id),

    /** Moves the row to the recently deleted (src/core/trash): it keeps its image until purged. */
    delete: (id: string, at: string): Promise<NewsItemRow | undefined> =>
      db
        .updateTable('newsItems')
        .set({ deletedAt: at })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst(),
  };
}
