import { beforeAll, describe, expect, it } from 'vitest';
import { fillSite } from '../../scripts/bench-large-site.ts';
import { call, login } from '../setup/api-client.ts';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';

const sqlite = testDatabases[0]!;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

// Past a thousand URLs, /sitemap.xml is an index of files of a thousand (src/server/views/sitemap.ts).
describe('the sitemap of a site with years of content', () => {
  const suite = useServer(sqlite);
  beforeAll(async () => {
    await fillSite(suite.database.dataDir, { news: 1_100, events: 30, photos: 0 });
  }, 60_000);

  it('is an index of files of 1,000 URLs that together list every page once, newest news first', async () => {
    const index = await call(suite, 'GET', '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.text)).toEqual(['/sitemaps/1.xml', '/sitemaps/2.xml']);
    const first = await call(suite, 'GET', '/sitemaps/1.xml');
    const second = await call(suite, 'GET', '/sitemaps/2.xml');
    expect(first.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const all = [...locs(first.text), ...locs(second.text)];
    expect(locs(first.text)).toHaveLength(1_000);
    expect(all).toHaveLength(6 + 1_100 + 30);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 6)).toEqual(['/', '/news', '/events', '/gallery', '/who-we-are', '/what-we-do']);
    const news = (await call(suite, 'GET', '/api/news')).body as { id: string }[];
    expect(all[6]).toBe(`/news/${news[0]!.id}`);
    expect(all.filter((path) => path.startsWith('/events/'))).toHaveLength(30);
    for (const path of [
      '/sitemaps/3.xml',
      '/sitemaps/0.xml',
      '/sitemaps/01.xml',
      '/sitemaps/x.xml',
      '/sitemaps/1.xml.gz',
      '/sitemaps/%00.xml',
      '/sitemaps/1%0a.xml',
      '/sitemaps/-1.xml',
      `/sitemaps/${'9'.repeat(40)}.xml`,
    ]) {
      expect((await call(suite, 'GET', path)).status, path).toBe(404);
    }
  });

  it('is served from the page cache and shows a new news item on the very next request', async () => {
    await call(suite, 'GET', '/sitemaps/1.xml');
    expect((await call(suite, 'GET', '/sitemaps/1.xml')).headers.get('x-cache')).toBe('HIT');
    const token = await login(suite);
    const created = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: { title: 'Newest', content: '<p>Hello</p>', publishedAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(created.status).toBe(201);
    const after = await call(suite, 'GET', '/sitemaps/1.xml');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(locs(after.text)[6]).toBe(`/news/${created.body.id}`);
  });
});
