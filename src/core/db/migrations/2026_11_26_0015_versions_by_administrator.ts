import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// 'Put back all' (docs/decisions/058) and its count on the Activity screen look for the records
// one administrator replaced lately: without this, each look read every earlier version, long
// texts and all.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('page_versions_replaced_by_idx')
    .on('page_versions')
    .columns(['replaced_by_id', 'replaced_at', 'page'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('page_versions_replaced_by_idx').execute();
}
