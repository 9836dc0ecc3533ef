import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { EventRow } from '../db/database.ts';
import { NotFoundError } from '../shared/errors.ts';
import { checkVersion, nextVersion } from '../shared/edit-version.ts';
import { newId } from '../shared/ids.ts';
import type { WithImageRelease } from '../shared/image-release.ts';
import type { CheckImageUrl } from '../images/image-url-check.ts';
import type { CheckBookingPage } from './booking-page.ts';
import { nowIso, toUtcIso } from '../shared/time.ts';
import type { ClubEvent, EventInput } from './events.schema.ts';
import { createEventsRepository } from './events.repository.ts';
import { earlierVersions, keepEarlierVersion } from '../versions/versions.ts';
import { recordWithChange, type ActivityActor } from '../activity/activity-recorder.ts';
import { addOnce } from '../shared/add-once.ts';
import { itemRecord, type PageVersion } from '../versions/versions.schema.ts';

/** What an earlier version of an event keeps (docs/decisions/056, 061): its words, links and picture. */
const versionOf = ({ name, date, location, bookingUrl, comment, organiser, imageUrl, imageAlt }: EventRow) => ({
  name,
  date,
  location,
  bookingUrl,
  comment,
  organiser,
  imageUrl,
  imageAlt,
});

export function createEventsService(deps: {
  db: Db;
  timeZone: string;
  withImageRelease: WithImageRelease;
  checkImageUrl: CheckImageUrl;
  checkBookingPage: CheckBookingPage;
}) {
  const repo = createEventsRepository(deps.db);
  const toInstant = (value: string) => toUtcIso(value, deps.timeZone);

  return {
    listUpcomingFirst: (page?: { limit: number; offset: number }, now: Date = new Date()): Promise<ClubEvent[]> =>
      repo.listUpcomingFirst(now.toISOString(), page),

    /** Ids and last changes for the sitemap. */
    links: (limit: number, offset = 0): Promise<{ id: string; updatedAt: string }[]> => repo.listLinks(limit, offset),

    count: () => repo.count(),

    /** When the next upcoming event becomes past (pages showing it change then), or null. */
    async nextStartAfter(now: Date): Promise<Date | null> {
      const first = await repo.firstStartAfter(now.toISOString());
      return first ? new Date(first) : null;
    },

    async get(id: string): Promise<ClubEvent> {
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError('Event');
      return row;
    },

    /**
     * Each change writes its line in the activity log by `actor`, in its own transaction
     * (recordWithChange). `id`: the one an Idempotency-Key gives (addOnce).
     */
    async create(input: EventInput, actor?: ActivityActor, id?: string): Promise<ClubEvent> {
      await deps.checkImageUrl(input.imageUrl);
      const bookingPage = await deps.checkBookingPage(input.bookingUrl);
      const now = nowIso();
      const row: EventRow = {
        id: id ?? newId(),
        name: input.name,
        date: toInstant(input.date),
        location: input.location ?? null,
        comment: input.comment,
        organiser: input.organiser ?? null,
        imageUrl: input.imageUrl ?? null,
        imageAlt: input.imageAlt ?? null,
        bookingUrl: input.bookingUrl,
        bookingPage,
        createdAt: now,
        updatedAt: now,
      };
      return addOnce(deps.db, actor, id, {
        insert: (trx) => createEventsRepository(trx).insert(row),
        subject: (event) => ({ kind: 'event', id: event.id, label: event.name }),
        made: (made) => repo.findById(made),
        noun: 'event',
      });
    },

    /**
     * Optional fields the payload leaves out keep their stored values. What its words and booking
     * link were is kept as an earlier version, in the same transaction, saying who (`actor`) replaced them.
     */
    async update(id: string, input: EventInput, expectedVersion?: string, actor?: ActivityActor): Promise<ClubEvent> {
      const current = await repo.findById(id);
      await deps.checkImageUrl(input.imageUrl, current?.imageUrl);
      // Asked again for a new address, or for one that answered 'not found' (saved again once it
      // is put right); an edit of the description does not depend on it.
      const asked =
        current && current.bookingUrl === input.bookingUrl && current.bookingPage !== 'missing'
          ? undefined
          : await deps.checkBookingPage(input.bookingUrl);
      const changes = {
        name: input.name,
        date: toInstant(input.date),
        comment: input.comment,
        bookingUrl: input.bookingUrl,
        ...(input.location !== undefined && { location: input.location }),
        ...(input.organiser !== undefined && { organiser: input.organiser }),
        ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
        ...(input.imageAlt !== undefined && { imageAlt: input.imageAlt }),
        updatedAt: nowIso(),
      };
      return deps.withImageRelease(async (trx, release) => {
        const rows = createEventsRepository(trx);
        await rows.lock(id);
        const before = await rows.findById(id);
        if (!before) throw new NotFoundError('Event');
        checkVersion('event', before.updatedAt, expectedVersion);
        // An address changed by another save since it was read has not been asked: not known.
        const bookingPage = asked !== undefined ? asked : before.bookingUrl === input.bookingUrl ? before.bookingPage : null;
        const after = await rows.update(id, { ...changes, bookingPage, updatedAt: nextVersion(changes.updatedAt, before.updatedAt) });
        if (!after) throw new NotFoundError('Event');
        if (before.imageUrl !== after.imageUrl) await release(before.imageUrl);
        await keepEarlierVersion(trx, {
          record: itemRecord('events', id),
          before: versionOf(before),
          beforeVersion: before.updatedAt,
          after: versionOf(after),
          afterVersion: after.updatedAt,
          by: actor?.admin ?? undefined,
        });
        await recordWithChange(trx, actor, { action: 'edited', subject: { kind: 'event', id, label: after.name } });
        return after;
      });
    },

    /**
     * Asks the booking page of each event still to come again (docs/decisions/082): a page may
     * start forbidding frames, or go, after its address was saved. One at a time; a page that
     * cannot be asked keeps what it said last. Answers how many events' pages said something new.
     */
    async recheckBookingPages(now: Date = new Date()): Promise<number> {
      let changed = 0;
      for (const event of await repo.listUpcomingBookings(now.toISOString())) {
        const page = await deps.checkBookingPage(event.bookingUrl);
        if (page === null || page === event.bookingPage) continue;
        if (await repo.setBookingPage(event.id, event.bookingUrl, page)) changed++;
      }
      return changed;
    },

    /**
     * Asks one event's booking page again now, when an administrator asks (a page that answered
     * 'not found' was put right). Not an edit, as the daily asking. `answered`: false when the
     * page could not be asked, and what it said last is kept.
     */
    async askBookingPageAgain(id: string): Promise<{ event: ClubEvent; answered: boolean }> {
      const event = await repo.findById(id);
      if (!event) throw new NotFoundError('Event');
      const page = await deps.checkBookingPage(event.bookingUrl);
      if (page !== null && page !== event.bookingPage) await repo.setBookingPage(id, event.bookingUrl, page);
      // Read again: a save meanwhile may have changed the address (and asked the new one itself).
      const now = await repo.findById(id);
      if (!now) throw new NotFoundError('Event');
      return { event: now, answered: page !== null && now.bookingPage !== null };
    },

    /** What an event on the site said before each of its last saves, newest first. */
    async versions(id: string): Promise<PageVersion[]> {
      if (!(await repo.findById(id))) throw new NotFoundError('Event');
      return earlierVersions(deps.db, itemRecord('events', id));
    },

    /** Moves it to the recently deleted for 30 days (src/core/trash): gone from the site, restorable. */
    async delete(id: string, actor?: ActivityActor): Promise<ClubEvent> {
      const deleted = await inTransaction(deps.db, async (trx) => {
        const row = await createEventsRepository(trx).delete(id, nowIso());
        if (row) await recordWithChange(trx, actor, { action: 'deleted', subject: { kind: 'event', id: row.id, label: row.name } });
        return row;
      });
      if (!deleted) throw new NotFoundError('Event');
      return deleted;
    },
  };
}
