import type { Db } from '../db/connect.ts';
import type { GalleryImageRow, GalleryImagesTable } from '../db/database.ts';

export function createGalleryRepository(db: Db) {
  return {
    /** Newest first, so a photo posted after an event leads the gallery. */
    async list(page?: { limit: number; offset: number }): Promise<GalleryImageRow[]> {
      let query = db.selectFrom('galleryImages').selectAll().orderBy('createdAt', 'desc').orderBy('id');
      if (page) query = query.limit(page.limit).offset(page.offset);
      return query.execute();
    },

    async findById(id: string): Promise<GalleryImageRow | undefined> {
      return db.selectFrom('galleryImages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('galleryImages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: GalleryImagesTable): Promise<void> {
      await db.insertInto('galleryImages').values(row).execute();
    },

    async update(id: string, changes: Partial<Omit<GalleryImagesTable, 'id' | 'createdAt'>>): Promise<boolean> {
      const result = await db.updateTable('galleryImages').set(changes).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('galleryImages').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
