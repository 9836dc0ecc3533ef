import type { Db } from '../db/connect.ts';
import type { EventRow, EventsTable } from '../db/database.ts';

export function createEventsRepository(db: Db) {
  return {
    /**
     * Upcoming events soonest first, then past events most recent first. Two queries, each in
     * the order of the date index, so that a page deep in years of events reads only its rows.
     */
    async listUpcomingFirst(now: string, page?: { limit: number; offset: number }): Promise<EventRow[]> {
      const upcoming = db.selectFrom('events').selectAll().where('date', '>=', now).orderBy('date').orderBy('createdAt').orderBy('id');
      const past = db.selectFrom('events').selectAll().where('date', '<', now).orderBy('date', 'desc').orderBy('createdAt').orderBy('id');
      if (!page) return [...(await upcoming.execute()), ...(await past.execute())];
      const counted = await db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('date', '>=', now)
        .executeTakeFirstOrThrow();
      const upcomingCount = Number(counted.n);
      const rows = page.offset < upcomingCount ? await upcoming.limit(page.limit).offset(page.offset).execute() : [];
      const left = page.limit - rows.length;
      if (left > 0)
        rows.push(
          ...(await past
            .limit(left)
            .offset(Math.max(0, page.offset - upcomingCount))
            .execute()),
        );
      return rows;
    },

    /** Ids and last changes, newest first, for the sitemap. */
    listLinks: (limit: number) => db.selectFrom('events').select(['id', 'updatedAt']).orderBy('date', 'desc').limit(limit).execute(),

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
