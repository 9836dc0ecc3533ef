import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CamelCasePlugin, Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventsRepository } from '../events/events.repository.ts';
import { createGalleryRepository } from '../gallery/gallery.repository.ts';
import { createNewsRepository } from '../news/news.repository.ts';
import { migrateToLatest } from './connect.ts';
import type { Database } from './database.ts';
import { nodeSqliteDatabase } from './node-sqlite-adapter.ts';
import { forgetVersionsOfGoneItems, letGoOfOldPictures } from '../versions/versions.ts';
import { createImagesRepository } from '../images/images.repository.ts';
import { createPutBack } from '../versions/put-back.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';

// The public lists must read one page of rows, however many the club has kept over the years:
// SQLite's plan for each list query walks an index in the list's order, and never sorts the
// whole table (which is what a plain index on deleted_at led it to do; migration 0009).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-plans-'));
const sqlite = new DatabaseSync(path.join(dir, 'club.sqlite'));
const queries: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: nodeSqliteDatabase(sqlite) }),
  plugins: [new CamelCasePlugin()],
  log: (event) => {
    if (event.level === 'query') queries.push(event.query);
  },
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function plan(query: CompiledQuery): string {
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.parameters as never[])) as { detail: string }[];
  return rows.map((row) => row.detail).join(' | ');
}

describe('query plans of the public lists', () => {
  it('read lists and counts through the live rows index, in order, without sorting the table', async () => {
    await migrateToLatest(db);
    queries.length = 0;
    const page = { limit: 12, offset: 24 };
    const now = new Date().toISOString();
    // As visitors see them (published by now) and as the admin does (all).
    for (const publishedBy of [now, undefined]) {
      await createNewsRepository(db).list(publishedBy, page);
      await createNewsRepository(db).count(publishedBy);
    }
    await createNewsRepository(db).firstPublishedAfter(now);
    await createEventsRepository(db).listUpcomingFirst(new Date().toISOString(), page);
    await createGalleryRepository(db).list(page);
    await createGalleryRepository(db).count();
    expect(queries.length).toBeGreaterThanOrEqual(9);
    // The sitemap's links too (id and updated_at are in the index: the rows' long text is not read).
    await createNewsRepository(db).listLinks(now, 10_000);
    await createEventsRepository(db).listLinks(2_000);
    for (const query of queries) {
      const detail = plan(query);
      expect(detail, query.sql).toMatch(/_live_idx/);
      expect(detail, query.sql).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      expect(detail, query.sql).not.toMatch(/deleted_at_idx/);
    }
  });
});

describe('query plans of the housekeeping', () => {
  it("finds the versions of gone items through each item table's primary key, not a scan of it for each version", async () => {
    await migrateToLatest(db);
    queries.length = 0;
    await forgetVersionsOfGoneItems(db);
    const sweeps = queries.filter((query) => /delete from "page_versions"/.test(query.sql));
    expect(sweeps).toHaveLength(3);
    for (const query of sweeps) {
      const detail = plan(query);
      expect(detail, query.sql).toMatch(
        /SEARCH (news_items|events|gallery_images) USING (COVERING )?INDEX sqlite_autoindex|SEARCH (news_items|events|gallery_images) USING INTEGER PRIMARY KEY|SEARCH (news_items|events|gallery_images) USING PRIMARY KEY/,
      );
      expect(detail, query.sql).not.toMatch(/SCAN (news_items|events|gallery_images)/);
    }
  });

  it("lets go of old versions' pictures from the pictures to their versions, never walking every version's text", async () => {
    await migrateToLatest(db);
    queries.length = 0;
    await letGoOfOldPictures(db);
    expect(queries).toHaveLength(1);
    const detail = plan(queries[0]!);
    expect(detail).toMatch(/SEARCH page_versions USING INDEX sqlite_autoindex_page_versions/);
    expect(detail).not.toMatch(/SCAN page_versions/);
  });

  it('asks whether an earlier version holds an image through the index on the image', async () => {
    await migrateToLatest(db);
    queries.length = 0;
    const images = createImagesRepository(db);
    await images.isWithdrawn('someimage');
    await images.listReleasedBefore('2026-11-27T00:00:00.000Z');
    await images.deleteIfUnreferenced('someimage');
    expect(queries).toHaveLength(3);
    for (const query of queries) {
      const detail = plan(query);
      expect(detail, query.sql).toMatch(/version_pictures_image_idx/);
      expect(detail, query.sql).not.toMatch(/SCAN version_pictures/);
    }
  });
});

describe("query plans of 'Put back all'", () => {
  it("finds one administrator's recent saves through an index, never reading every earlier version", async () => {
    await migrateToLatest(db);
    queries.length = 0;
    const putBack = createPutBack({ db, saves: {} as never, liveAmong: () => Promise.resolve(new Set()) });
    await putBack.editsOf('someone', '2026-10-27T00:00:00.000Z');
    expect(queries).toHaveLength(1);
    const detail = plan(queries[0]!);
    expect(detail).toMatch(/page_versions_replaced_by_idx/);
    expect(detail).toMatch(/page_versions_page_replaced_at_idx/);
    expect(detail).not.toMatch(/SCAN page_versions/);
  });

  it("finds the line that added an administrator in its minutes, never walking a script's week of additions", async () => {
    await migrateToLatest(db);
    queries.length = 0;
    await createActivityRepository(db).additionOf('someone', '2026-11-19T00:00:00.000Z', 600_000);
    expect(queries).toHaveLength(1);
    const detail = plan(queries[0]!);
    expect(detail).toMatch(/activity_action_at_idx/);
    expect(detail).not.toMatch(/SCAN activity(?! USING)/);
  });

  it('finds the recent pauses for the dashboard by their action, never walking a script’s week of lines', async () => {
    await migrateToLatest(db);
    queries.length = 0;
    await createActivityRepository(db).pausesSince('2026-11-19T00:00:00.000Z');
    expect(queries).toHaveLength(1);
    const detail = plan(queries[0]!);
    expect(detail).toMatch(/activity_action_at_idx/);
    expect(detail).not.toMatch(/SCAN activity(?! USING)/);
  });
});
