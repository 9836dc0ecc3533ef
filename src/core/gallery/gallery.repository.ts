import type { Db } from '../db/connect.ts';
import type { GalleryImageRow, GalleryImagesTable, Insertable, Updateable } from '../db/database.ts';
import { namingImage } from '../images/image-reference.ts';
import { storedImageId } from '../images/image-urls.ts';
import { live } from '../trash/live.ts';
import { lockRow } from '../db/lock-row.ts';

/** What the application reads of a gallery row (the image reference stays in the repository). */
const COLUMNS = ['id', 'imageUrl', 'imageAlt', 'caption', 'createdAt', 'updatedAt'] as const;

export function createGalleryRepository(db: Db) {
  return {
    /** Newest first, so a photo posted after an event leads the gallery. */
    async list(page?: { limit: number; offset: number }): Promise<GalleryImageRow[]> {
      let query = live(db, 'galleryImages').select(COLUMNS).orderBy('createdAt', 'desc').orderBy('id');
      if (page) query = query.limit(page.limit).offset(page.offset);
      return query.execute();
    },

    async findById(id: string): Promise<GalleryImageRow | undefined> {
      return live(db, 'galleryImages').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** How many photos come before it in the gallery's order (`list`), or undefined when it is not in the gallery. */
    async positionOf(id: string): Promise<number | undefined> {
      const photo = await live(db, 'galleryImages').select('createdAt').where('id', '=', id).executeTakeFirst();
      if (!photo) return undefined;
      const row = await live(db, 'galleryImages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.or([eb('createdAt', '>', photo.createdAt), eb.and([eb('createdAt', '=', photo.createdAt), eb('id', '<', id)])]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async count(): Promise<number> {
      const row = await live(db, 'galleryImages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Every write keeps the image reference in step with the URL (a stored image that is not
     * there is refused by the foreign key: 409, namingImage), and answers the row as written.
     */
    insert: (row: Omit<Insertable<GalleryImagesTable>, 'imageId'>): Promise<GalleryImageRow> =>
      namingImage(
        db
          .insertInto('galleryImages')
          .values({ ...row, imageId: storedImageId(row.imageUrl) })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow(),
      ),

    update: (
      id: string,
      changes: Omit<Updateable<GalleryImagesTable>, 'id' | 'createdAt' | 'imageId'>,
    ): Promise<GalleryImageRow | undefined> =>
      namingImage(
        db
          .updateTable('galleryImages')
          .where('deletedAt', 'is', null)
          .set(changes.imageUrl === undefined ? changes : { ...changes, imageId: storedImageId(changes.imageUrl) })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst(),
      ),

    /** Holds the row for the rest of the transaction (see lockRow). */
    lock: (id: string) => lockRow(db, 'galleryImages', id),

    /** Moves the row to the recently deleted (src/core/trash): it keeps its image until purged. */
    delete: (id: string, at: string): Promise<GalleryImageRow | undefined> =>
      db
        .updateTable('galleryImages')
        .set({ deletedAt: at })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst(),
  };
}
