import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { expect, it } from 'vitest';
import { isDiskFull } from './errors.ts';
import { nodeSqliteDatabase } from './node-sqlite-adapter.ts';

it('lets a full disk’s error through a transaction SQLite already rolled back, and the next one works', async () => {
  const sqlite = new DatabaseSync(':memory:');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: nodeSqliteDatabase(sqlite) }) });
  await sql`create table notes (text text)`.execute(db);
  // A database that may not grow past a few pages: SQLITE_FULL, as on a full disk.
  await sql`PRAGMA max_page_count = 8`.execute(db);
  const failure = await db
    .transaction()
    .execute(async (trx) => {
      for (let i = 0; i < 20; i++)
        await trx
          .insertInto('notes')
          .values({ text: 'x'.repeat(4000) })
          .execute();
    })
    .catch((error: unknown) => error);
  expect(isDiskFull(failure)).toBe(true);
  expect(sqlite.isTransaction).toBe(false);
  await db.transaction().execute((trx) => trx.deleteFrom('notes').execute());
  await db.insertInto('notes').values({ text: 'fits' }).execute();
  await expect(db.selectFrom('notes').select('text').execute()).resolves.toEqual([{ text: 'fits' }]);
  await db.destroy();
});

it('steps a PRAGMA to its end: incremental_vacuum frees every page asked for, not one', async () => {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec('PRAGMA auto_vacuum = INCREMENTAL');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: nodeSqliteDatabase(sqlite) }) });
  await sql`create table notes (text text)`.execute(db);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 200; i++)
      await trx
        .insertInto('notes')
        .values({ text: 'x'.repeat(4000) })
        .execute();
  });
  await db.deleteFrom('notes').execute();
  const free = () => Number(Object.values(sqlite.prepare('PRAGMA freelist_count').get()!)[0]);
  const before = free();
  expect(before).toBeGreaterThan(150);
  await sql`PRAGMA incremental_vacuum(100)`.execute(db);
  expect(free()).toBe(before - 100);
  await db.destroy();
});
