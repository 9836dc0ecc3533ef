import type { Insertable } from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './database.ts';
import { NEVER_SAVED } from '../shared/edit-version.ts';

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

type SingleRowTable = 'siteSettings' | 'whoWeAre' | 'whatWeDo';
/** The id of the one row of a single-row table. */
export const SINGLE_ROW_ID = 1;

/**
 * lockRow for a table of one row (the settings, an information page) that may not exist yet:
 * the row is made first from `empty`, with the version of a record never saved, so that two
 * first saves at once wait for each other on it like any others.
 */
export async function lockSingleRow<T extends SingleRowTable>(
  db: Db,
  table: T,
  empty: Omit<Insertable<Database[T]>, 'id' | 'updatedAt'>,
): Promise<void> {
  // Typed through one table: each has id and updated_at.
  await db
    .insertInto(table as 'whoWeAre')
    .values({ ...(empty as object), id: SINGLE_ROW_ID, updatedAt: NEVER_SAVED } as Insertable<Database['whoWeAre']>)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await lockRow(db, table, SINGLE_ROW_ID);
}
