import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/database.ts';

/** The tables whose deleted rows are kept for a while (see trash.service.ts). */
export type TrashTable = 'newsItems' | 'events' | 'galleryImages';

/** Rows of `table` that are not deleted: every read of the site and the API starts here. */
export function live<T extends TrashTable>(db: Db, table: T): SelectQueryBuilder<Database, T, object> {
  // Typed through one of the tables: the column is in all three, and the caller keeps its own.
  return db.selectFrom(table as 'newsItems').where('deletedAt', 'is', null) as unknown as SelectQueryBuilder<Database, T, object>;
}
