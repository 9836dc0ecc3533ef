import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { EventRow, EventsTable } from '../db/database.ts';

export function createEventsRepository(db: Db) {
  return {
    /** Upcoming events soonest first, then past events most recent first. */
    async listUpcomingFirst(now: string, page?: { limit: number; offset: number }): Promise<EventRow[]> {
      const upcoming = sql`case when ${sql.ref('date')} >= ${now} then 0 else 1 end`;
      let query = db
        .selectFrom('events')
        .selectAll()
        .orderBy(upcoming)
        .orderBy(sql`case when ${sql.ref('date')} >= ${now} then ${sql.ref('date')} end`)
        .orderBy('date', 'desc')
        .orderBy('createdAt')
        .orderBy('id');
      if (page) query = query.limit(page.limit).offset(page.offset);
      return query.execute();
    },

    async findById(id: string): Promise<EventRow | undefined> {
      return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The earliest start strictly after `now`, when an upcoming event becomes past. */
    async firstStartAfter(now: string): Promise<string | null> {
      const row = await db
        .selectFrom('events')
        .select((eb) => eb.fn.min('date').as('first'))
        .where('date', '>', now)
        .executeTakeFirst();
      return row?.first ?? null;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: EventsTable): Promise<void> {
      await db.insertInto('events').values(row).execute();
    },

    async update(id: string, changes: Partial<Omit<EventsTable, 'id' | 'createdAt'>>): Promise<boolean> {
      const result = await db.updateTable('events').set(changes).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('events').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
