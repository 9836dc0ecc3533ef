import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/core/db/connect.ts';
import type { FreshDatabase } from './databases.ts';
import { openDatabase } from './direct-db.ts';

/**
 * `count` stored images of `bytes` random bytes each (they do not compress: a backup is as large),
 * written straight into a SQLite site's database and image folder. Made now, so that the server's
 * collection of unused images leaves them for a day.
 */
export async function addIncompressibleImages(site: FreshDatabase, count: number, bytes: number, prefix = 'bigimage'): Promise<void> {
  const db = openDatabase(site);
  try {
    await migrateToLatest(db);
    const ids = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    await (db.withoutPlugins() as unknown as Kysely<any>)
      .insertInto('images')
      .values(ids.map((id) => ({ id, width: 10, height: 10, widths: '', placeholder: '#000000', created_at: new Date().toISOString() })))
      .execute();
    for (const id of ids) {
      fs.mkdirSync(path.join(site.dataDir, 'images', id), { recursive: true });
      fs.writeFileSync(path.join(site.dataDir, 'images', id, 'master.webp'), randomBytes(bytes));
    }
  } finally {
    await db.destroy();
  }
}
