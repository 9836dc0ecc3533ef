import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CamelCasePlugin, Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/connect.ts';
import type { Database } from '../db/database.ts';
import { nodeSqliteDatabase } from '../db/node-sqlite-adapter.ts';
import { CLEANING_RULES_VERSION } from './cleaning-rules-version.ts';
import { createNewsService } from './news.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-news-'));
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: nodeSqliteDatabase(new DatabaseSync(path.join(dir, 'club.sqlite'))) }),
  plugins: [new CamelCasePlugin()],
});
const news = createNewsService({ db, timeZone: 'Europe/London', withImageRelease: (() => {}) as never, checkImageUrl: async () => {} });
const at = '2026-10-01T09:00:00.000Z';

beforeAll(async () => {
  await migrateToLatest(db);
  for (let n = 0; n < 150; n++) {
    await db
      .insertInto('newsItems')
      .values({
        id: `n${String(n).padStart(3, '0')}`,
        title: `Old ${n}`,
        content: `<p onclick="x()">Row ${n}</p>`,
        contentText: '',
        cleanedWith: 1,
        publishedAt: at,
        imageUrl: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }
  // The first 120 rows cannot be written now (as a failing disk or a lost connection would answer).
  await sql`create trigger refuse before update on news_items when new.id < 'n120' begin select raise(abort, 'disk I/O error'); end`.execute(
    db,
  );
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('news stored under older rules, cleaned again at start', () => {
  it('cleans every row it can, past more rows that cannot be written than a batch holds, and names those', async () => {
    const { cleaned, failed } = await news.recleanStale();
    expect(cleaned).toBe(30);
    expect(failed.map(({ id }) => id)).toEqual(Array.from({ length: 120 }, (_, n) => `n${String(n).padStart(3, '0')}`));
    const rows = await db.selectFrom('newsItems').select(['id', 'content', 'cleanedWith']).orderBy('id').execute();
    expect(rows.slice(120).every((row) => row.cleanedWith === CLEANING_RULES_VERSION && !row.content.includes('onclick'))).toBe(true);
    expect(rows.slice(0, 120).every((row) => row.cleanedWith === 1)).toBe(true);
    // Tried again (the next start), once the disk takes writes: done.
    await sql`drop trigger refuse`.execute(db);
    expect(await news.recleanStale()).toEqual({ cleaned: 120, failed: [] });
  });
});
