import type { Db } from '../db/connect.ts';
import type { EventRow, EventsTable, Insertable, Updateable } from '../db/database.ts';
import { namingImage } from '../images/image-reference.ts';
import { storedImageId } from '../images/image-urls.ts';
import { live } from '../trash/live.ts';
import { lockRow } from '../db/lock-row.ts';
import type { BookingPage } from './events.schema.ts';

/** What the application reads of an event row (the image reference stays in the repository). */
const COLUMNS = [
  'id',
  'name',
  'date',
  'location',
  'comment',
  'organiser',
  'imageUrl',
  'imageAlt',
  'bookingUrl',
  'bookingPage',
  'createdAt',
  'updatedAt',
] as const;

export function createEventsRepository(db: Db) {
  const countUpcoming = async (now: string) =>
    Number(
      (
        await live(db, 'events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('date', '>=', now)
          .executeTakeFirstOrThrow()
      ).n,
    );

  return {
    /**
     * Upcoming events soonest first, then past events most recent first. Two queries, each in
     * the order of the date index, so that a page deep in years of events reads only its rows.
     */
    async listUpcomingFirst(now: string, page?: { limit: number; offset: number }): Promise<EventRow[]> {
      const upcoming = live(db, 'events').select(COLUMNS).where('date', '>=', now).orderBy('date').orderBy('createdAt').orderBy('id');
      const past = live(db, 'events').select(COLUMNS).where('date', '<', now).orderBy('date', 'desc').orderBy('createdAt').orderBy('id');
      if (!page) return [...(await upcoming.execute()), ...(await past.execute())];
      const rows = await upcoming.limit(page.limit).offset(page.offset).execute();
      const left = page.limit - rows.length;
      if (left === 0) return rows;
      // The page ends past the upcoming events. It starts among them (then the past ones follow
      // from their first) unless it found none, and only then does the count say where.
      const pastOffset = rows.length > 0 || page.offset === 0 ? 0 : page.offset - (await countUpcoming(now));
      rows.push(...(await past.limit(left).offset(Math.max(0, pastOffset)).execute()));
      return rows;
    },

    /** Ids and last changes, newest first, for the sitemap. */
    listLinks: (limit: number, offset = 0) =>
      live(db, 'events').select(['id', 'updatedAt']).orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),

    async findById(id: string): Promise<EventRow | undefined> {
      return live(db, 'events').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The earliest start strictly after `now`, when an upcoming event becomes past. */
    async firstStartAfter(now: string): Promise<string | null> {
      const row = await live(db, 'events')
        .select((eb) => eb.fn.min('date').as('first'))
        .where('date', '>', now)
        .executeTakeFirst();
      return row?.first ?? null;
    },

    async count(): Promise<number> {
      const row = await live(db, 'events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Every write keeps the image reference in step with the URL (a stored image that is not
     * there is refused by the foreign key: 409, namingImage), and answers the row as written.
     */
    insert: (row: Omit<Insertable<EventsTable>, 'imageId'>): Promise<EventRow> =>
      namingImage(
        db
          .insertInto('events')
          .values({ ...row, imageId: storedImageId(row.imageUrl) })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow(),
      ),

    update: (id: string, changes: Omit<Updateable<EventsTable>, 'id' | 'createdAt' | 'imageId'>): Promise<EventRow | undefined> =>
      namingImage(
        db
          .updateTable('events')
          .where('deletedAt', 'is', null)
          .set(changes.imageUrl === undefined ? changes : { ...changes, imageId: storedImageId(changes.imageUrl) })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst(),
      ),

    /** The booking pages of the events still to come on the site, soonest first. */
    listUpcomingBookings: (now: string) =>
      live(db, 'events').select(['id', 'bookingUrl', 'bookingPage']).where('date', '>=', now).orderBy('date').orderBy('id').execute(),

    /**
     * Keeps what a booking page says now, unless the event's address changed meanwhile (a save
     * asked the new one itself). Not an edit: no new version, no change of `updatedAt`.
     */
    async setBookingPage(id: string, bookingUrl: string, page: BookingPage): Promise<boolean> {
      const result = await db
        .updateTable('events')
        .set({ bookingPage: page })
        .where('id', '=', id)
        .where('bookingUrl', '=', bookingUrl)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Holds the row for the rest of the transaction (see lockRow). */
    lock: (id: string) => lockRow(db, 'events', id),

    /** Moves the row to the recently deleted (src/core/trash): it keeps its image until purged. */
    delete: (id: string, at: string): Promise<EventRow | undefined> =>
      db
        .updateTable('events')
        .set({ deletedAt: at })
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst(),
  };
}
