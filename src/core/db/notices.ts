import { sql } from 'kysely';
import { isKnownMigration, type Db } from './connect.ts';

// What instances on one PostgreSQL database tell each other, on one channel: a write that changed
// what pages show (the page cache, docs/decisions/011), or migrations that changed the database
// (an upgraded instance beside older ones, docs/decisions/143). A version that does not know a
// kind of notice takes it for a write, and empties its page cache: never wrong.

export const CHANNEL = 'club_page_cache';
const MIGRATED = 'migrated:';

/** Tells the other instances that this one ran `applied` (oldest first): the newest names them all. */
export async function announceMigrations(db: Db, applied: string[]): Promise<void> {
  const newest = applied.at(-1);
  if (newest) await sql`select pg_notify(${CHANNEL}, ${MIGRATED + newest})`.execute(db);
}

/** The migration a notice says another instance ran, when this version does not know it; else null. */
export function unknownMigrationIn(payload: string): string | null {
  if (!payload.startsWith(MIGRATED)) return null;
  const name = payload.slice(MIGRATED.length);
  return isKnownMigration(name) ? null : name;
}
