import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// An optional description of each content image for visitors who cannot see it (its alt text).

const TABLES = ['news_items', 'events', 'gallery_images'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('image_alt', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.alterTable(table).dropColumn('image_alt').execute();
}
