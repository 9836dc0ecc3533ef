import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// The look of the public site, set in Settings: a photo behind the welcome banner (its stored
// image named by id, as the logo's is) and an accent colour ('#rrggbb').

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_settings').addColumn('hero_image_url', 'text').execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('hero_image_id', 'text', (c) => c.references('images.id'))
    .execute();
  await db.schema.createIndex('site_settings_hero_image_id_idx').on('site_settings').column('hero_image_id').execute();
  await db.schema.alterTable('site_settings').addColumn('accent_color', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('accent_color').execute();
  await db.schema.dropIndex('site_settings_hero_image_id_idx').execute();
  await db.schema.alterTable('site_settings').dropColumn('hero_image_id').execute();
  await db.schema.alterTable('site_settings').dropColumn('hero_image_url').execute();
}
