import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// A password set by someone else (another administrator, or the server's command line) is known
// to them: when it was set, until its owner chooses their own (docs/decisions/079).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').addColumn('password_given_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('password_given_at').execute();
}
