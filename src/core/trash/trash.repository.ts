import type { Db } from '../db/connect.ts';
import { inBatches } from '../db/batches.ts';
import type { TrashTable } from './live.ts';

const IDS_PER_QUERY = 500;

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

    /** With `deletedBy`, only if it was deleted then or earlier (not by a delete made since). */
    restore: (id: string, deletedBy?: string) =>
      db
        .updateTable(t)
        .set({ deletedAt: null })
        .where('id', '=', id)
        .where('deletedAt', 'is not', null)
        .$if(deletedBy !== undefined, (query) => query.where('deletedAt', '<=', deletedBy!))
        .returning(['id', label])
        .executeTakeFirst()
        .then((row) => row && { id: row.id, label: row[label] ?? '' }),

    /** Moves a live row to the recently deleted at `at`; its label, or undefined when it was not live. */
    moveToTrash: (id: string, at: string) =>
      db
        .updateTable(t)
        .set({ deletedAt: at })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .returning(['id', label])
        .executeTakeFirst()
        .then((row) => row && { id: row.id, label: row[label] ?? '' }),

    /** Those of these ids whose rows are live (not deleted). */
    async liveAmong(ids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      await inBatches(ids, IDS_PER_QUERY, async (batch) => {
        const rows = await db.selectFrom(t).select('id').where('id', 'in', batch).where('deletedAt', 'is', null).execute();
        for (const row of rows) found.add(row.id);
      });
      return found;
    },

    purge: (id: string) =>
      db
        .deleteFrom(t)
        .where('id', '=', id)
        .where('deletedAt', 'is not', null)
        .returning(['id', 'imageUrl', label])
        .executeTakeFirst()
        .then((row) => row && { id: row.id, imageUrl: row.imageUrl, label: row[label] ?? '' }),

    /** When each of these ids that is deleted now was deleted. */
    async deletedAtOf(ids: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      await inBatches(ids, IDS_PER_QUERY, async (batch) => {
        const rows = await db
          .selectFrom(t)
          .select(['id', 'deletedAt'])
          .where('id', 'in', batch)
          .where('deletedAt', 'is not', null)
          .execute();
        for (const row of rows) found.set(row.id, row.deletedAt!);
      });
      return found;
    },

    deletedBefore: (before: string) =>
      db
        .selectFrom(t)
        .select('id')
        .where('deletedAt', '<', before)
        .execute()
        .then((rows) => rows.map((row) => row.id)),
  };
}
