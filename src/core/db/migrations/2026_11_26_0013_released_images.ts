import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// An image that a change stopped using is kept a while, marked with when (docs/decisions/050),
// so that 'Undo' of that change can put it back; the housekeeping removes it after that.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').addColumn('released_at', 'text').execute();
  await db.schema.createIndex('images_released_at_idx').on('images').column('released_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('images_released_at_idx').execute();
  await db.schema.alterTable('images').dropColumn('released_at').execute();
}
