import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { eachDatabase } from '../setup/databases.ts';
import { openDatabase } from '../setup/direct-db.ts';
import { insertLongNews } from '../setup/long-news.ts';
import { openPaused } from '../setup/raw-requests.ts';
import { startServer, type RunningServer } from '../setup/server.ts';

// GET /api/news answers every news item (SPEC §7), and it is public. Years of long news are tens
// of megabytes of JSON: built whole for each request, sixteen requests at once took a server on
// 10,000 items from 108 MB to 1.1 GB, and a client that stopped reading kept its whole answer in
// the server's memory. The list is now streamed a batch at a time, as the client takes it.

const NEWS = 1_500;
const NEWS_BYTES = 40_000;

eachDatabase('the full news list on $kind', (kind) => {
  it(`streams ${NEWS} long items whole and in order, and reads no further than the client has taken`, async () => {
    const database = await kind.create();
    let server: RunningServer | undefined;
    try {
      await insertLongNews(database, NEWS, NEWS_BYTES);
      server = await startServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
      const db = openDatabase(database);
      try {
        const expected = await db
          .selectFrom('newsItems')
          .select(['id', 'title', 'content'])
          .where('deletedAt', 'is', null)
          .orderBy('publishedAt', 'desc')
          .orderBy('createdAt', 'desc')
          .orderBy('id')
          .execute();

        const whole = await fetch(`${server.url}/api/news`);
        expect(whole.status).toBe(200);
        expect(whole.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const items = (await whole.json()) as { id: string; title: string; content: string; text?: string }[];
        expect(items.map(({ id, title, content }) => ({ id, title, content }))).toEqual(expected);
        expect(items.every((item) => !('text' in item))).toBe(true);

        // A client that stops reading after the first bytes: the server goes no further than its
        // socket's room. Everything is deleted meanwhile, so what it reads after resuming is what
        // it had already made; the rest is left out, and the answer is still whole JSON.
        const paused = await openPaused(`${server.url}/api/news`);
        expect(paused.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await sql`update news_items set deleted_at = ${new Date().toISOString()}`.execute(db);
        const late = JSON.parse((await paused.resume()).toString('utf8')) as { id: string }[];
        expect(late.length).toBeGreaterThan(0);
        expect(late.length, 'items made before the client took them').toBeLessThan(NEWS / 3);
        expect(late.map((item) => item.id)).toEqual(expected.slice(0, late.length).map((item) => item.id));
        expect(await (await fetch(`${server.url}/api/news`)).json()).toEqual([]);
      } finally {
        await db.destroy();
      }
    } finally {
      await server?.stop();
      await database.drop();
    }
  }, 120_000);
});
