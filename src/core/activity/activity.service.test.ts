import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CamelCasePlugin, Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { nodeSqliteDatabase } from '../db/node-sqlite-adapter.ts';
import { createTrashService } from '../trash/trash.service.ts';
import { createActivityService } from './activity.service.ts';

// 'Restore all' (docs/decisions/051) lists an administrator's deletes that can be undone, then
// restores each. An item restored and deleted again by someone else in between is theirs to
// undo now, not this administrator's: it must stay deleted. 'Delete all' (054) lists what they
// added that is live, then deletes each: one deleted by someone else in between is theirs.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-activity-'));
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: nodeSqliteDatabase(new DatabaseSync(path.join(dir, 'club.sqlite'))) }),
  plugins: [new CamelCasePlugin()],
});
const trash = createTrashService({
  db,
  withImageRelease: () => Promise.reject(new Error('nothing is deleted for ever here')),
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const news = (id: string, deletedAt: string | null) => ({
  id,
  title: id,
  content: '<p>x</p>',
  publishedAt: '2026-11-01T00:00:00.000Z',
  imageUrl: null,
  imageAlt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  deletedAt,
});
const deleteLine = (id: string, itemId: string, at: string) => ({
  id,
  at,
  adminId: 'intruder',
  adminName: 'intruder',
  action: 'deleted',
  subjectKind: 'news',
  subjectId: itemId,
  subjectLabel: itemId,
  address: null,
  device: null,
});

/** Who tapped 'Restore all' or 'Delete all'. */
const TAPPED_BY = { admin: { id: 'committee', username: 'alice' } };
/** The lines `TAPPED_BY` has of this action: kind, id and label of each. */
const linesBy = async (action: string) =>
  (
    await db
      .selectFrom('activity')
      .select(['subjectKind', 'subjectId', 'subjectLabel'])
      .where('adminId', '=', TAPPED_BY.admin.id)
      .where('action', '=', action)
      .execute()
  ).map((line) => [line.subjectKind, line.subjectId, line.subjectLabel]);

beforeAll(() => migrateToLatest(db));
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('leaves an item deleted again by someone else after the list was made, and restores the rest', async () => {
  const deleted = minutesAgo(10);
  await db
    .insertInto('newsItems')
    .values([news('takenback', deleted), news('untouched', deleted)])
    .execute();
  await db
    .insertInto('activity')
    .values([deleteLine('line1', 'takenback', deleted), deleteLine('line2', 'untouched', deleted)])
    .execute();
  const activity = createActivityService({
    db,
    trash: {
      ...trash,
      // Between the list and the restores: another administrator restores it and deletes it again.
      async deletedAmong(kind, ids) {
        const found = await trash.deletedAmong(kind, ids);
        await db
          .updateTable('newsItems')
          .set({ deletedAt: minutesAgo(0) })
          .where('id', '=', 'takenback')
          .execute();
        return found;
      },
    },
  });
  expect(await activity.restoreDeletesOf('intruder', TAPPED_BY)).toEqual({ done: 1, remaining: 0 });
  expect(await linesBy('restored')).toEqual([['news', 'untouched', 'untouched']]);
  const rows = await db.selectFrom('newsItems').select(['id', 'deletedAt']).orderBy('id').execute();
  expect(rows.map((row) => [row.id, row.deletedAt !== null])).toEqual([
    ['takenback', true],
    ['untouched', false],
  ]);
});

it("leaves an item someone else deleted after 'Delete all' listed it as their delete, and deletes the rest", async () => {
  const added = minutesAgo(20);
  const theirs = minutesAgo(5);
  await db
    .insertInto('newsItems')
    .values([news('spam1', null), news('spam2', null)])
    .execute();
  await db
    .insertInto('activity')
    .values(['spam1', 'spam2'].map((itemId) => ({ ...deleteLine(`add-${itemId}`, itemId, added), action: 'added' })))
    .execute();
  const activity = createActivityService({
    db,
    trash: {
      ...trash,
      // Between the list and the deletes: another administrator deletes one of them.
      async liveAmong(kind, ids) {
        const found = await trash.liveAmong(kind, ids);
        await db.updateTable('newsItems').set({ deletedAt: theirs }).where('id', '=', 'spam1').execute();
        return found;
      },
    },
  });
  expect(await activity.deleteAdditionsOf('intruder', TAPPED_BY)).toEqual({ done: 1, remaining: 0 });
  expect(await linesBy('deleted')).toEqual([['news', 'spam2', 'spam2']]);
  const rows = await db.selectFrom('newsItems').select(['id', 'deletedAt']).where('id', 'like', 'spam%').orderBy('id').execute();
  // Their delete keeps its time: 'Restore' on their line still undoes it.
  expect(rows[0]).toEqual({ id: 'spam1', deletedAt: theirs });
  expect(rows[1]!.deletedAt).not.toBeNull();
});

it("undoes an item's restore when its line cannot be written, and keeps the ones before it with theirs", async () => {
  const deleted = minutesAgo(10);
  await db
    .insertInto('newsItems')
    .values([news('first', deleted), news('stuck', deleted)])
    .execute();
  // Newest first: 'first' is restored before 'stuck'.
  await db
    .insertInto('activity')
    .values([deleteLine('line-first', 'first', minutesAgo(8)), deleteLine('line-stuck', 'stuck', minutesAgo(9))])
    .execute();
  await sql`create trigger no_line_for_stuck before insert on activity when new.subject_id = 'stuck' and new.action = 'restored'
    begin select raise(abort, 'the log cannot be written'); end`.execute(db);
  try {
    const activity = createActivityService({ db, trash });
    await expect(activity.restoreDeletesOf('intruder', TAPPED_BY)).rejects.toThrow('the log cannot be written');
  } finally {
    await sql`drop trigger no_line_for_stuck`.execute(db);
  }
  const rows = await db.selectFrom('newsItems').select(['id', 'deletedAt']).where('id', 'in', ['first', 'stuck']).orderBy('id').execute();
  expect(rows.map((row) => [row.id, row.deletedAt !== null])).toEqual([
    ['first', false],
    ['stuck', true],
  ]);
  expect((await linesBy('restored')).filter(([, id]) => id === 'first' || id === 'stuck')).toEqual([['news', 'first', 'first']]);
});
