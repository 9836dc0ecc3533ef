import { sql, type Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// Content rows name their stored image by id, with a foreign key, beside the URL the API speaks
// (which may also be an external address). The database then refuses to delete an image that a
// row uses, whatever two requests do at the same moment, and finding unused images is a join,
// not a LIKE over four tables. Rows are filled in from their URLs ('/images/{id}').

const REFERENCES = [
  { table: 'news_items', url: 'image_url', column: 'image_id' },
  { table: 'events', url: 'image_url', column: 'image_id' },
  { table: 'gallery_images', url: 'image_url', column: 'image_id' },
  { table: 'site_settings', url: 'logo_url', column: 'logo_image_id' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, url, column } of REFERENCES) {
    await db.schema
      .alterTable(table)
      .addColumn(column, 'text', (c) => c.references('images.id'))
      .execute();
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = substr(${sql.ref(url)}, 9)
      where ${sql.ref(url)} like '/images/%' and substr(${sql.ref(url)}, 9) in (select id from images)`.execute(db);
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, column } of [...REFERENCES].reverse()) {
    await db.schema.dropIndex(`${table}_${column}_idx`).execute();
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
