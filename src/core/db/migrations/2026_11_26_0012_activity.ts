import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// The activity log: who did what in the admin, when, and from where (docs/decisions/049).
// The administrator's name is kept with each line: an administrator removed later still
// answers for what they did.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'text')
    .addColumn('admin_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('subject_label', 'text')
    .addColumn('address', 'text')
    .addColumn('device', 'text')
    .execute();
  await db.schema.createIndex('activity_at_idx').on('activity').columns(['at', 'id']).execute();
  // Each administrator's last sign-in, for the Administrators screen.
  await db.schema.createIndex('activity_admin_at_idx').on('activity').columns(['admin_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity').execute();
}
