import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/core/db/connect.ts';
import { CLEANING_RULES_VERSION } from '../../src/core/news/cleaning-rules-version.ts';
import type { FreshDatabase } from './databases.ts';
import { openDatabase } from './direct-db.ts';

/** Text of words and numbers (so that it compresses as prose does, not to nothing). */
export function prose(seed: number, length: number): string {
  const words = ['raft', 'kite', 'field', 'dads', 'sandwich', 'river', 'tent', 'wellies', 'torch', 'map'];
  let out = '';
  for (let i = 0; out.length < length; i++) out += `${words[(seed * 7 + i * 3) % words.length]} ${(seed * 31 + i) % 997} `;
  return out.slice(0, length);
}

/**
 * Years of long news items (HTML and its plain text, `bytes` together), written straight into the
 * database, migrated first if need be: seconds, where the API would take minutes.
 */
export async function insertLongNews(database: FreshDatabase, count: number, bytes: number): Promise<void> {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db);
    const raw = db.withoutPlugins() as unknown as Kysely<any>;
    for (let start = 0; start < count; start += 50) {
      const rows = Array.from({ length: Math.min(50, count - start) }, (_, i) => {
        const n = start + i;
        const body = prose(n, bytes / 2);
        const at = new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString();
        return {
          id: randomBytes(9)
            .toString('base64url')
            .toLowerCase()
            .replace(/[^a-z0-9]/g, 'x'),
          title: `News ${n} — ünïcödé 🪁`,
          content: `<p>${body}</p>`,
          content_text: body,
          cleaned_with: CLEANING_RULES_VERSION,
          published_at: at,
          created_at: at,
          updated_at: at,
        };
      });
      await raw.insertInto('news_items').values(rows).execute();
    }
  } finally {
    await db.destroy();
  }
}
