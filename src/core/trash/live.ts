import type { Db } from '../db/connect.ts';

/** The tables whose deleted rows are kept for a while (see trash.service.ts). */
export type TrashTable = 'newsItems' | 'events' | 'galleryImages';

const from = <T extends TrashTable>(db: Db, table: T) => db.selectFrom(table);

/** Rows of `table` that are not deleted: every read of the site and the API starts here. */
export function live<T extends TrashTable>(db: Db, table: T): ReturnType<typeof from<T>> {
  // Typed through one of the tables: the column is in all three, and the caller keeps its own.
  return db.selectFrom(table as 'newsItems').where('deletedAt', 'is', null) as unknown as ReturnType<typeof from<T>>;
}
