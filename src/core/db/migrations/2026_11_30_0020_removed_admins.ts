import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// An administrator removed by mistake (a wrong tap on a phone) can be put back for 30 days
// (docs/decisions/125): the account waits here, out of the admins table, so that no sign-in,
// session or count of administrators can ever see it. `account` is the admins row as JSON (its
// columns as the application names them); a later migration that changes the admins table's
// columns changes these rows too.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('removed_admins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .addColumn('removed_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('removed_admins').execute();
}
