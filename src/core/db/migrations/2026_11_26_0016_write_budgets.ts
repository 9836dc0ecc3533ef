import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// How much each administrator may still change this hour (docs/decisions/059): what is left of
// the budget when it was last counted, which refills evenly from then on, and when the activity
// log last said the account was paused, so that it says so once an hour at most. The dashboard asks
// the log for the recent pauses by their action: a script's lines must not be scanned for them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('write_budgets')
    .addColumn('admin_id', 'text', (c) => c.primaryKey())
    .addColumn('writes', 'double precision', (c) => c.notNull())
    .addColumn('text_bytes', 'double precision', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addColumn('pause_noted_at', 'text')
    .execute();
  await db.schema.createIndex('activity_action_at_idx').on('activity').columns(['action', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_action_at_idx').execute();
  await db.schema.dropTable('write_budgets').execute();
}
