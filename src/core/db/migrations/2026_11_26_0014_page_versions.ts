import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// What the two information pages said before each save, with who replaced it and when, so that
// a page a stranger rewrote can be put back as it was (docs/decisions/055).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .addColumn('replaced_by_id', 'text')
    .addColumn('replaced_by_name', 'text')
    .execute();
  await db.schema.createIndex('page_versions_page_replaced_at_idx').on('page_versions').columns(['page', 'replaced_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_versions').execute();
}
