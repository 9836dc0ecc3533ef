import type { Db } from './connect.ts';

type LockableTable = 'newsItems' | 'events' | 'galleryImages' | 'siteSettings' | 'whoWeAre' | 'whatWeDo';

/**
 * Takes a row's write lock until the transaction ends, by writing it unchanged. A write that
 * reads the row's current image and then replaces it must read after any other such write has
 * committed: PostgreSQL's read committed would otherwise let two saves read the same old image,
 * and the image the first one put in would never be released. SQLite serialises writers anyway;
 * this is the same statement on both, instead of SELECT … FOR UPDATE, which SQLite does not have.
 */
export async function lockRow(db: Db, table: LockableTable, id: string | number): Promise<void> {
  // Typed through one table: every one of them has id and updated_at.
  await db
    .updateTable(table as 'newsItems')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('id', '=', id as string)
    .execute();
}
