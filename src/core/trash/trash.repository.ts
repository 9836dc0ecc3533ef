import type { Db } from '../db/connect.ts';
import type { TrashTable } from './live.ts';

/** Reads and writes the deleted rows of one table (typed through one of the three: they share these columns). */
export function createTrashRepository(db: Db, table: TrashTable, labelColumn: 'title' | 'name' | 'caption') {
  const t = table as 'newsItems';
  const label = labelColumn as 'title';
  return {
    listDeleted: () =>
      db
        .selectFrom(t)
        .select(['id', label, 'imageUrl', 'deletedAt'])
        .where('deletedAt', 'is not', null)
        .orderBy('deletedAt', 'desc')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((row) => ({ id: row.id, label: row[label] ?? '', imageUrl: row.imageUrl, deletedAt: row.deletedAt! }))),

    restore: (id: string) =>
      db
        .updateTable(t)
        .set({ deletedAt: null })
        .where('id', '=', id)
        .where('deletedAt', 'is not', null)
        .returning(['id', label])
        .executeTakeFirst()
        .then((row) => row && { id: row.id, label: row[label] ?? '' }),

    purge: (id: string) =>
      db
        .deleteFrom(t)
        .where('id', '=', id)
        .where('deletedAt', 'is not', null)
        .returning(['id', 'imageUrl', label])
        .executeTakeFirst()
        .then((row) => row && { id: row.id, imageUrl: row.imageUrl, label: row[label] ?? '' }),

    /** When each of these ids that is deleted now was deleted. */
    deletedAtOf: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve(new Map<string, string>())
        : db
            .selectFrom(t)
            .select(['id', 'deletedAt'])
            .where('id', 'in', ids)
            .where('deletedAt', 'is not', null)
            .execute()
            .then((rows) => new Map(rows.map((row) => [row.id, row.deletedAt!]))),

    deletedBefore: (before: string) =>
      db
        .selectFrom(t)
        .select('id')
        .where('deletedAt', '<', before)
        .execute()
        .then((rows) => rows.map((row) => row.id)),
  };
}
