import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { connect, migrateTo, migrateToLatest } from './connect.ts';

// An upgrade whose migrations fail half-way on SQLite (the disk fills while one adds its columns
// and indexes) must leave the database as it was before them: once there is room again, the next
// start runs them from the start. Kysely's SQLite adapter says SQLite's DDL is not transactional,
// so its migrator ran each statement bare: a migration stopped after its first column left a
// schema it could not be run on again ('duplicate column name'), and the site never started.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-migrations-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const OLD_VERSION = '2026_11_22_0002_create_images';

/** A site of the version at OLD_VERSION, with some news: its file. */
async function oldSite(name: string): Promise<string> {
  const file = path.join(folder, `${name}.sqlite`);
  const db = connect({ kind: 'sqlite', file });
  await migrateTo(db, OLD_VERSION);
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  const at = '2026-01-01T00:00:00.000Z';
  for (let i = 0; i < 40; i++) {
    await raw
      .insertInto('news_items')
      .values({
        id: `news-${i}`,
        title: `News ${i}`,
        content: `<p>${'words '.repeat(200)}</p>`,
        published_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await db.destroy();
  return file;
}

async function schemaOf(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where sql is not null order by name`.execute(db);
  return rows.map((row) => row.sql);
}

it('runs the migrations of an upgrade whole or not at all, so a full disk stops it cleanly and a later start finishes it', async () => {
  const reference = connect({ kind: 'sqlite', file: await oldSite('reference') });
  await migrateToLatest(reference);
  const upgraded = await schemaOf(reference);
  await reference.destroy();

  let stoppedPartWay = 0;
  // Room for one more page, then two, …: each stops the upgrade at a different statement.
  for (let room = 0; room < 120; room++) {
    const db = connect({ kind: 'sqlite', file: await oldSite(`room-${room}`) });
    const raw = db.withoutPlugins() as unknown as Kysely<any>;
    const before = await schemaOf(raw);
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(raw);
    // The disk full: the file may not grow past this many pages (on this connection, which migrates).
    await sql.raw(`PRAGMA max_page_count = ${rows[0]!.page_count + room}`).execute(raw);
    const failed = await migrateToLatest(db).then(
      () => null,
      (error: unknown) => error as Error,
    );
    if (!failed) {
      await db.destroy();
      break; // room enough for the whole upgrade: every stopping place was tried
    }
    stoppedPartWay++;
    expect(failed.message, `room for ${room} pages`).toMatch(/database or disk is full/);
    expect(await schemaOf(raw), `room for ${room} pages`).toEqual(before);
    // Room again: the next start runs the upgrade from the start.
    await sql`PRAGMA max_page_count = 1073741823`.execute(raw);
    await migrateToLatest(db);
    expect(await schemaOf(raw), `room for ${room} pages`).toEqual(upgraded);
    await db.destroy();
  }
  expect(stoppedPartWay).toBeGreaterThan(3);
});
