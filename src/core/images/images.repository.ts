import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connect.ts';
import { isForeignKeyViolation } from '../db/errors.ts';
import type { Database, ImageRow, UploadTokensTable } from '../db/database.ts';

/** No content row uses image `id` (news, events, gallery, the settings' logo and banner). */
const unusedOnSite = (id: string) => (eb: ExpressionBuilder<Database, 'images'>) =>
  eb.and([
    eb.not(eb.exists(eb.selectFrom('newsItems').select('id').where('imageId', '=', id))),
    eb.not(eb.exists(eb.selectFrom('events').select('id').where('imageId', '=', id))),
    eb.not(eb.exists(eb.selectFrom('galleryImages').select('id').where('imageId', '=', id))),
    eb.not(eb.exists(eb.selectFrom('siteSettings').select('id').where('logoImageId', '=', id))),
    eb.not(eb.exists(eb.selectFrom('siteSettings').select('id').where('heroImageId', '=', id))),
  ]);

/** An earlier version holds image `id` to put it back (docs/decisions/061). */
const heldByVersion = (id: string) => (eb: ExpressionBuilder<Database, 'images'>) =>
  eb.exists(eb.selectFrom('versionPictures').select('imageId').where('imageId', '=', id));

/** Neither a content row nor an earlier version uses image `id`: it may be deleted. */
const unused = (id: string) => (eb: ExpressionBuilder<Database, 'images'>) => eb.and([unusedOnSite(id)(eb), eb.not(heldByVersion(id)(eb))]);

/**
 * Image `id` is shown nowhere on the site and something let it go: no live row nor the settings
 * uses it, and a deleted row does or an edit released it (docs/decisions/053 and its addendum).
 */
const withdrawn = (id: string) => (eb: ExpressionBuilder<Database, 'images'>) => {
  const uses = (table: 'newsItems' | 'events' | 'galleryImages', deleted: boolean) =>
    eb.exists(
      eb
        .selectFrom(table as 'newsItems')
        .select('id')
        .where('imageId', '=', id)
        .where('deletedAt', deleted ? 'is not' : 'is', null),
    );
  return eb.and([
    // Let go by a delete (053) or by an edit that replaced it (kept a quarter of an hour for
    // 'Undo', 050, and while an earlier version may put it back, 061): not an upload waiting for
    // its form to be saved.
    eb.or([
      uses('newsItems', true),
      uses('events', true),
      uses('galleryImages', true),
      eb('releasedAt', 'is not', null),
      heldByVersion(id)(eb),
    ]),
    eb.not(uses('newsItems', false)),
    eb.not(uses('events', false)),
    eb.not(uses('galleryImages', false)),
    eb.not(eb.exists(eb.selectFrom('siteSettings').select('id').where('logoImageId', '=', id))),
    eb.not(eb.exists(eb.selectFrom('siteSettings').select('id').where('heroImageId', '=', id))),
  ]);
};

/** Not released since `keptSince`: an image let go after it is kept for that change's 'Undo' (docs/decisions/050). */
const notKeptSince = (keptSince: string) => (eb: ExpressionBuilder<Database, 'images'>) =>
  eb.or([eb('releasedAt', 'is', null), eb('releasedAt', '<', keptSince)]);

export function createImagesRepository(db: Db) {
  return {
    async insert(row: ImageRow): Promise<void> {
      await db.insertInto('images').values(row).execute();
    },

    findById: (id: string) => db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst(),

    findByIds: (ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.selectFrom('images').selectAll().where('id', 'in', ids).execute(),

    /**
     * True when nothing on the site shows the image any more (items in Recently deleted use it,
     * or an edit replaced it and it waits out its 'Undo'): visitors are not shown it.
     */
    isWithdrawn: async (id: string): Promise<boolean> =>
      (await db.selectFrom('images').select('id').where('id', '=', id).where(withdrawn(id)).executeTakeFirst()) !== undefined,

    listIds: async () => (await db.selectFrom('images').select('id').execute()).map((row) => row.id),

    /** Images stored before `before`, leaving out those released since `keptSince` (kept for an 'Undo'). */
    listCreatedBefore: async (before: string, keptSince: string) =>
      (await db.selectFrom('images').select('id').where('createdAt', '<', before).where(notKeptSince(keptSince)).execute()).map(
        (row) => row.id,
      ),

    async delete(id: string): Promise<void> {
      await db.deleteFrom('images').where('id', '=', id).execute();
    },

    /**
     * Deletes the image's row unless a content row uses it. The `not exists` conditions cannot
     * see a row another transaction is adding at that moment; the foreign keys can, and refuse
     * the delete: that refusal means "in use" too. Inside a transaction the delete runs under a
     * savepoint, so that on PostgreSQL the refusal does not abort the write it belongs to.
     * True when it was deleted. With `keptSince`, an image released since then (kept for an
     * 'Undo', perhaps released again after this caller read it) is left alone too.
     */
    async deleteIfUnreferenced(id: string, keptSince?: string): Promise<boolean> {
      const remove = () =>
        db
          .deleteFrom('images')
          .where('id', '=', id)
          .where(unused(id))
          .$if(keptSince !== undefined, (query) => query.where(notKeptSince(keptSince!)))
          .executeTakeFirst();
      if (db.isTransaction) await sql`savepoint release_image`.execute(db);
      try {
        const result = await remove();
        return result.numDeletedRows > 0n;
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        if (db.isTransaction) await sql`rollback to savepoint release_image`.execute(db);
        return false;
      } finally {
        if (db.isTransaction) await sql`release savepoint release_image`.execute(db).catch(() => {});
      }
    },

    /**
     * Takes image `id` from the earlier versions that hold it, unless a content row uses it:
     * deleting for ever takes a picture off the server, whatever version kept it (061).
     */
    async takeFromVersionsIfUnusedOnSite(id: string): Promise<void> {
      await db
        .deleteFrom('versionPictures')
        .where('imageId', '=', id)
        .where((eb) => eb.exists(eb.selectFrom('images').select('id').where('id', '=', id).where(unusedOnSite(id))))
        .execute();
    },

    /**
     * Marks the image released at `at` unless a content row uses it (an earlier version may hold
     * it: released is "the site stopped showing it"); true when it was marked.
     */
    async markReleasedIfUnreferenced(id: string, at: string): Promise<boolean> {
      const result = await db.updateTable('images').set({ releasedAt: at }).where('id', '=', id).where(unusedOnSite(id)).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The images released before `at` (kept for an 'Undo' until then), but not those an earlier
     * version holds: they stay released until it lets go of them (061).
     */
    listReleasedBefore: async (at: string) =>
      (
        await db
          .selectFrom('images')
          .select('id')
          .where('releasedAt', '<', at)
          .where((eb) =>
            eb.not(eb.exists(eb.selectFrom('versionPictures').select('imageId').whereRef('versionPictures.imageId', '=', 'images.id'))),
          )
          .execute()
      ).map((row) => row.id),

    /** Forgets a release before `before` that a later change took back (the site shows the image again). */
    async clearRelease(id: string, before: string): Promise<void> {
      await db
        .updateTable('images')
        .set({ releasedAt: null })
        .where('id', '=', id)
        .where('releasedAt', '<', before)
        .where((eb) => eb.not(unusedOnSite(id)(eb)))
        .execute();
    },

    /** Ids of the stored images that content rows use or earlier versions hold. */
    async referencedIds(): Promise<Set<string>> {
      const rows = await db
        .selectFrom('newsItems')
        .select('imageId as id')
        .where('imageId', 'is not', null)
        .union(db.selectFrom('events').select('imageId as id').where('imageId', 'is not', null))
        .union(db.selectFrom('galleryImages').select('imageId as id').where('imageId', 'is not', null))
        .union(db.selectFrom('siteSettings').select('logoImageId as id').where('logoImageId', 'is not', null))
        .union(db.selectFrom('siteSettings').select('heroImageId as id').where('heroImageId', 'is not', null))
        .union(db.selectFrom('versionPictures').select('imageId as id'))
        .execute();
      return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
    },

    async insertToken(row: UploadTokensTable): Promise<void> {
      await db.insertInto('uploadTokens').values(row).execute();
    },

    findToken: (tokenHash: string) => db.selectFrom('uploadTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst(),

    /** Claims an unused, unexpired token in one statement, so two uploads cannot both use it. */
    async claimToken(tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('uploadTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Gives a claimed token back after its upload could not be stored. */
    async releaseToken(tokenHash: string): Promise<void> {
      await db.updateTable('uploadTokens').set({ usedAt: null }).where('tokenHash', '=', tokenHash).where('imageId', 'is', null).execute();
    },

    async attachImage(tokenHash: string, imageId: string): Promise<void> {
      await db.updateTable('uploadTokens').set({ imageId }).where('tokenHash', '=', tokenHash).execute();
    },

    async deleteTokensBefore(expiresBefore: string): Promise<void> {
      await db.deleteFrom('uploadTokens').where('expiresAt', '<', expiresBefore).execute();
    },
  };
}
