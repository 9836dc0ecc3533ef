import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { nodeSqliteDatabase } from '../db/node-sqlite-adapter.ts';
import { createEventsRepository } from './events.repository.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-events-'));
let statements = 0;
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: nodeSqliteDatabase(new DatabaseSync(path.join(dir, 'club.sqlite'))) }),
  plugins: [new CamelCasePlugin()],
  log: (event) => {
    if (event.level === 'query') statements++;
  },
});
const repo = createEventsRepository(db);
const now = '2026-11-24T12:00:00.000Z';
const day = 86_400_000;

beforeAll(async () => {
  await migrateToLatest(db);
  // Six upcoming and six past events, inserted out of order.
  for (const [index, offsetDays] of [3, -1, 10, -40, 1, -2, 30, -9, 0.5, -300, -20, 60].entries()) {
    const date = new Date(Date.parse(now) + offsetDays * day).toISOString();
    await repo.insert({
      id: `e${index}`,
      name: `${offsetDays}`,
      date,
      location: null,
      comment: '',
      organiser: null,
      imageUrl: null,
      imageAlt: null,
      bookingUrl: 'https://book.example/',
      createdAt: now,
      updatedAt: now,
    });
  }
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('events, upcoming first, page by page', () => {
  it('gives every page the slice of the whole list, wherever the upcoming events end', async () => {
    const all = (await repo.listUpcomingFirst(now)).map((event) => event.name);
    expect(all).toEqual(['0.5', '1', '3', '10', '30', '60', '-1', '-2', '-9', '-20', '-40', '-300']);
    for (let limit = 1; limit <= 13; limit++) {
      for (let offset = 0; offset <= 13; offset++) {
        const page = (await repo.listUpcomingFirst(now, { limit, offset })).map((event) => event.name);
        expect(page, `limit ${limit}, offset ${offset}`).toEqual(all.slice(offset, offset + limit));
      }
    }
  });

  it('counts the upcoming events only for a page that starts among the past ones', async () => {
    const statementsFor = async (page: { limit: number; offset: number }) => {
      const before = statements;
      await repo.listUpcomingFirst(now, page);
      return statements - before;
    };
    expect(await statementsFor({ limit: 4, offset: 0 })).toBe(1);
    expect(await statementsFor({ limit: 12, offset: 0 })).toBe(2);
    expect(await statementsFor({ limit: 4, offset: 4 })).toBe(2);
    expect(await statementsFor({ limit: 4, offset: 8 })).toBe(3);
  });

  it('keeps what a booking page says when asked again only while the event still has that address, and lists only events to come', async () => {
    const upcoming = await repo.listUpcomingBookings(now);
    expect(upcoming.map((event) => event.id)).toEqual((await repo.listUpcomingFirst(now)).slice(0, 6).map((event) => event.id));
    const [first] = upcoming;
    // An edit moved the event to another address while its old one was being asked.
    await repo.update(first!.id, { bookingUrl: 'https://other.example/' });
    expect(await repo.setBookingPage(first!.id, 'https://book.example/', 'new-tab')).toBe(false);
    expect((await repo.findById(first!.id))?.bookingPage).toBeNull();
    expect(await repo.setBookingPage(first!.id, 'https://other.example/', 'missing')).toBe(true);
    expect((await repo.findById(first!.id))?.bookingPage).toBe('missing');
  });
});
