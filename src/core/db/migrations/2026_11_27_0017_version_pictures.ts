import type { Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// The stored pictures an earlier version names (docs/decisions/061): a foreign key to the image
// keeps it stored while a version may put it back, whatever a sweep does at that moment, and goes
// with its version. Looked up by image when an image is deleted or served.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('version_pictures')
    .addColumn('version_id', 'text', (c) => c.notNull().references('page_versions.id').onDelete('cascade'))
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id'))
    .addPrimaryKeyConstraint('version_pictures_pk', ['version_id', 'image_id'])
    .execute();
  await db.schema.createIndex('version_pictures_image_idx').on('version_pictures').column('image_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('version_pictures').execute();
}
