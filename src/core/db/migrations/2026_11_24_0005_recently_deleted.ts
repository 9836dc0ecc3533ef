import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// A deleted news item, event or gallery image is kept for 30 days with the time it was deleted,
// so that it can be restored; the site shows only rows without one.

const TABLES = ['news_items', 'events', 'gallery_images'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
    await db.schema.createIndex(`${table}_deleted_at_idx`).on(table).column('deleted_at').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await db.deleteFrom(table).where('deleted_at', 'is not', null).execute();
    await db.schema.dropIndex(`${table}_deleted_at_idx`).execute();
    await db.schema.alterTable(table).dropColumn('deleted_at').execute();
  }
}
