import { sql } from 'kysely';
import type { Db } from '../../src/core/db/connect.ts';
import type { FreshDatabase } from './databases.ts';
import { openDatabase } from './direct-db.ts';

/** A migration of a version of the site newer than this one (docs/decisions/140, 143). */
export const NEWER = '2099_01_01_0001_from_a_newer_version';

/**
 * What a newer version's start does to `site`'s database at `at`: its migration (a column, a
 * table) and its row in Kysely's table. `then`: what that version does next on the database (its
 * notice to other instances).
 */
export async function newerVersionMigrates(site: FreshDatabase, at = new Date(), then?: (db: Db) => Promise<void>): Promise<void> {
  const direct = openDatabase(site);
  try {
    await sql`alter table news_items add column subtitle text`.execute(direct);
    await sql`create table newer_things (id text primary key)`.execute(direct);
    await sql`insert into kysely_migration (name, timestamp) values (${NEWER}, ${at.toISOString()})`.execute(direct);
    await then?.(direct);
  } finally {
    await direct.destroy();
  }
}
