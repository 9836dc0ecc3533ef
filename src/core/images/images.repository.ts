import type { Db } from '../db/connect.ts';
import type { ImageRow, UploadTokensTable } from '../db/database.ts';

export function createImagesRepository(db: Db) {
  return {
    async insert(row: ImageRow): Promise<void> {
      await db.insertInto('images').values(row).execute();
    },

    findById: (id: string) => db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst(),

    findByIds: (ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : db.selectFrom('images').selectAll().where('id', 'in', ids).execute(),

    listIds: async () => (await db.selectFrom('images').select('id').execute()).map((row) => row.id),

    listCreatedBefore: async (before: string) =>
      (await db.selectFrom('images').select('id').where('createdAt', '<', before).execute()).map((row) => row.id),

    async delete(id: string): Promise<void> {
      await db.deleteFrom('images').where('id', '=', id).execute();
    },

    /** Whether any content row still points at this stored image. */
    async isReferenced(url: string): Promise<boolean> {
      const [news, events, gallery, settings] = await Promise.all([
        db.selectFrom('newsItems').select('id').where('imageUrl', '=', url).limit(1).executeTakeFirst(),
        db.selectFrom('events').select('id').where('imageUrl', '=', url).limit(1).executeTakeFirst(),
        db.selectFrom('galleryImages').select('id').where('imageUrl', '=', url).limit(1).executeTakeFirst(),
        db.selectFrom('siteSettings').select('id').where('logoUrl', '=', url).limit(1).executeTakeFirst(),
      ]);
      return Boolean(news || events || gallery || settings);
    },

    /** Every stored-image URL that content rows use. */
    async referencedUrls(): Promise<Set<string>> {
      const rows = await Promise.all([
        db.selectFrom('newsItems').select('imageUrl as url').where('imageUrl', 'like', '/images/%').execute(),
        db.selectFrom('events').select('imageUrl as url').where('imageUrl', 'like', '/images/%').execute(),
        db.selectFrom('galleryImages').select('imageUrl as url').where('imageUrl', 'like', '/images/%').execute(),
        db.selectFrom('siteSettings').select('logoUrl as url').where('logoUrl', 'like', '/images/%').execute(),
      ]);
      return new Set(
        rows
          .flat()
          .map((row) => row.url)
          .filter((url): url is string => Boolean(url)),
      );
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
