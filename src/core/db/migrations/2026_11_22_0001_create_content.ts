import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// Column types are chosen to behave the same on SQLite and PostgreSQL: text ids and
// ISO 8601 UTC timestamps stored as text.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('news_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_items_published_at_idx').on('news_items').columns(['published_at', 'created_at']).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('organiser', 'text')
    .addColumn('image_url', 'text')
    .addColumn('booking_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_date_idx').on('events').column('date').execute();

  await db.schema
    .createTable('gallery_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gallery_images_created_at_idx').on('gallery_images').column('created_at').execute();

  await db.schema
    .createTable('who_we_are')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('about_us', 'text', (c) => c.notNull())
    .addColumn('who_are_we', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('what_we_do')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('mission', 'text', (c) => c.notNull())
    .addColumn('activities', 'text', (c) => c.notNull())
    .addColumn('impact', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('club_name', 'text', (c) => c.notNull())
    .addColumn('tagline', 'text', (c) => c.notNull())
    .addColumn('messaging_group_url', 'text')
    .addColumn('social_group_url', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_admin_id_idx').on('sessions').column('admin_id').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('lockouts', 'integer', (c) => c.notNull())
    .addColumn('last_lockout_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'login_attempts',
    'sessions',
    'admins',
    'site_settings',
    'what_we_do',
    'who_we_are',
    'gallery_images',
    'events',
    'news_items',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
