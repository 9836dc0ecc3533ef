import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// A wrong two-step code after the right password means someone has the password: how many came
// since the password was last set, and when the last one came, so the Administrators screen can
// say so and the owner change it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('wrong_codes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('admins').addColumn('last_wrong_code_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('last_wrong_code_at').execute();
  await db.schema.alterTable('admins').dropColumn('wrong_codes').execute();
}
