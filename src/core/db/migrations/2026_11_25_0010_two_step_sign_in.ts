import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// Two-step sign-in: an administrator's authenticator secret (base32), and the last 30-second
// step whose code was accepted, so that a code seen over a shoulder cannot be used again.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('admins').addColumn('totp_last_step', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('admins').dropColumn('totp_secret').execute();
}
