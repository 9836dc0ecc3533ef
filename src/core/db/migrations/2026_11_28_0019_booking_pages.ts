import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// What an event's booking page said when its address was saved: 'frame', 'new-tab' (it forbids
// being framed) or 'missing' (404 or 410); null when it could not be asked (docs/decisions/082).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('booking_page', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('booking_page').execute();
}
