import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// Keys the site makes once and every instance must share (docs/decisions/127): the key that signs
// the addresses of photos given by address was a file in each instance's data folder, so that two
// instances on one database signed the same photo differently and each refused the other's.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_keys').execute();
}
