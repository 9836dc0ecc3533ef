import path from 'node:path';
import type { Kysely } from 'kysely';
import { connect, migrateTo } from '../../src/core/db/connect.ts';
import type { FreshDatabase } from './databases.ts';
import { openDatabase } from './direct-db.ts';

/** The last migration of an earlier version of the site (before images were referenced by id). */
export const VERSION_0003 = '2026_11_23_0003_news_cleaned_content';

/** A SQLite site as a version of the site at migration 0003 left it (before images were referenced by id). */
export async function siteFromVersion0003(site: FreshDatabase, news: { id: string; title: string; imageId: string | null }): Promise<void> {
  const db = connect({ kind: 'sqlite', file: path.join(site.dataDir, 'club.sqlite') });
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  await migrateTo(db, VERSION_0003);
  const at = '2026-01-01T00:00:00.000Z';
  if (news.imageId) {
    await raw
      .insertInto('images')
      .values({ id: news.imageId, width: 10, height: 10, widths: '', placeholder: '#000000', created_at: at })
      .execute();
  }
  await raw
    .insertInto('news_items')
    .values({
      id: news.id,
      title: news.title,
      content: '<p>Old</p>',
      content_text: 'Old',
      cleaned_with: 1,
      published_at: at,
      image_url: news.imageId ? `/images/${news.imageId}` : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db.destroy();
}

/** The newest migration run on `site`'s database: whether an upgrade changed it. */
export async function lastMigrationOf(site: FreshDatabase): Promise<string | undefined> {
  const db = openDatabase(site);
  try {
    const applied = await (db.withoutPlugins() as unknown as Kysely<any>)
      .selectFrom('kysely_migration')
      .select('name')
      .orderBy('name')
      .execute();
    return (applied as { name: string }[]).at(-1)?.name;
  } finally {
    await db.destroy();
  }
}
