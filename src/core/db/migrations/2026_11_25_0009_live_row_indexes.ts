import { sql, type Kysely } from 'kysely';

// Frozen: a migration never imports application code and is never edited once released.
// Every read of the site asks for rows that are not deleted ("deleted_at is null"). With a plain
// index on deleted_at, SQLite took that index for those reads and then sorted every row of the
// table to find one page: a list page cost as much as the whole table. The lists' own orders get
// partial indexes over the live rows instead, and the deleted_at index now covers only deleted
// rows (the "Recently deleted" lists and the purge), so that live reads cannot pick it. The
// news and events indexes also hold id and updated_at, all the sitemap reads: its list of
// thousands of links then never reads the rows (whose long text SQLite would page through).

const LIVE_ORDERS = [
  { table: 'news_items', columns: ['published_at', 'created_at', 'id', 'updated_at'] },
  { table: 'events', columns: ['date', 'id', 'updated_at'] },
  { table: 'gallery_images', columns: ['created_at'] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, columns } of LIVE_ORDERS) {
    await db.schema
      .createIndex(`${table}_live_idx`)
      .on(table)
      .columns([...columns])
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
    await db.schema.dropIndex(`${table}_deleted_at_idx`).execute();
    await db.schema
      .createIndex(`${table}_deleted_at_idx`)
      .on(table)
      .column('deleted_at')
      .where(sql.ref('deleted_at'), 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of [...LIVE_ORDERS].reverse()) {
    await db.schema.dropIndex(`${table}_deleted_at_idx`).execute();
    await db.schema.createIndex(`${table}_deleted_at_idx`).on(table).column('deleted_at').execute();
    await db.schema.dropIndex(`${table}_live_idx`).execute();
  }
}
