import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// News HTML is cleaned once when it is written; `content_text` holds its plain text (for
// previews, feeds and share texts) and `cleaned_with` the version of the rules that cleaned
// it. Rows from before this migration have version 0: the server cleans them again at start
// (the news service's recleanStale), and until then pages clean them as they show them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('news_items')
    .addColumn('content_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('news_items')
    .addColumn('cleaned_with', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('news_items_cleaned_with_idx').on('news_items').column('cleaned_with').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('news_items_cleaned_with_idx').execute();
  await db.schema.alterTable('news_items').dropColumn('cleaned_with').execute();
  await db.schema.alterTable('news_items').dropColumn('content_text').execute();
}
