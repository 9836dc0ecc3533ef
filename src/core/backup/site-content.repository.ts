import type { Kysely } from 'kysely';
import type { Db } from '../db/connect.ts';
import { NEWS_EVENTS_PHOTOS } from './archive-format.ts';

/** Whether the site holds any news item, event or photo, deleted ones included (as a backup would). */
export async function siteHoldsContent(db: Db): Promise<boolean> {
  const raw = db.withoutPlugins() as unknown as Kysely<Record<(typeof NEWS_EVENTS_PHOTOS)[number], { id: string }>>;
  for (const table of NEWS_EVENTS_PHOTOS) {
    if (await raw.selectFrom(table).select('id').limit(1).executeTakeFirst()) return true;
  }
  return false;
}
