import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { moveFakeClock, fakeClockEnv } from '../setup/fake-clock.ts';
import { create, put } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// News dated ahead is published on its day (docs/decisions/103): visitors, search engines and
// feeds see nothing of it before, administrators see all of it, and the page cache turns over at
// that moment with no write.

/** Everything a visitor or a robot reads that lists news, and what each must (not) hold. */
const PUBLIC_PATHS = ['/', '/news', '/rss.xml', '/sitemap.xml'];

eachDatabase('news written for later on $kind', (db) => {
  const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'club-clock-')), 'offset');
  // Winter: London is on UTC, so 00:00 local is 00:00Z.
  const suite = useServer(db, { ...fakeClockEnv(clockFile), SITE_TIMEZONE: 'Europe/London' });
  afterAll(() => fs.rmSync(path.dirname(clockFile), { recursive: true, force: true }));
  let token: string;
  beforeAll(async () => {
    await moveFakeClock(clockFile, Date.parse('2026-12-09T23:59:50Z'));
    token = await login(suite);
  });

  const titles = async (url: string, auth?: string) =>
    ((await call(suite, 'GET', url, { token: auth })).body as { title: string }[]).map((item) => item.title);

  it('keeps an item dated ahead off every public page, feed and API until its day, then shows it with no write', async () => {
    const now = await create(suite.url, token, '/api/admin/news', {
      title: 'Fair raised £412',
      content: '<p>Thank you</p>',
      publishedAt: '2026-12-01',
    });
    const later = await create(suite.url, token, '/api/admin/news', {
      title: 'Tree planting on Saturday',
      content: '<p>Bring a spade</p>',
      publishedAt: '2026-12-10',
    });

    expect(await titles('/api/news')).toEqual(['Fair raised £412']);
    const one = await call(suite, 'GET', `/api/news/${later.id}`);
    expect(one.status).toBe(404);
    expect(one.body.message).toMatch(/not found/i);
    const early = await call(suite, 'GET', `/news/${later.id}`);
    expect(early.status).toBe(404);
    expect(early.text).toContain('it may not be published yet');
    expect(early.text).not.toContain('Tree planting');
    expect((await call(suite, 'GET', `/api/news/${now.id}`)).status).toBe(200);
    for (const pathname of PUBLIC_PATHS) {
      await call(suite, 'GET', pathname);
      const answer = await call(suite, 'GET', pathname);
      expect(answer.headers.get('x-cache'), pathname).toBe('HIT');
      expect(answer.text, pathname).not.toContain('Tree planting');
      expect(answer.text, pathname).not.toContain(later.id);
    }
    expect((await call(suite, 'GET', '/')).text).toContain('Fair raised £412');

    // Administrators see both, the one to come first (the list's order), and only they do.
    expect(await titles('/api/admin/news', token)).toEqual(['Tree planting on Saturday', 'Fair raised £412']);
    expect((await call(suite, 'GET', '/api/admin/news')).status).toBe(401);

    await moveFakeClock(clockFile, Date.parse('2026-12-10T00:00:01Z'));
    expect(await titles('/api/news')).toEqual(['Tree planting on Saturday', 'Fair raised £412']);
    for (const pathname of PUBLIC_PATHS) {
      const answer = await call(suite, 'GET', pathname);
      expect(answer.headers.get('x-cache'), pathname).toBe('MISS');
      expect(answer.text, pathname).toContain(pathname === '/sitemap.xml' ? later.id : 'Tree planting');
    }
    const page = await call(suite, 'GET', `/news/${later.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Bring a spade');
  });

  it('publishes at the very second a time given through the API says, and takes an item moved ahead off at once', async () => {
    await moveFakeClock(clockFile, Date.parse('2026-12-11T18:29:58Z'));
    await create(suite.url, token, '/api/admin/news', {
      title: 'Results at half past six',
      content: '<p>And the winner is</p>',
      publishedAt: '2026-12-11T18:30:00Z',
    });
    await call(suite, 'GET', '/news');
    expect((await call(suite, 'GET', '/news')).text).not.toContain('Results at half past six');
    await moveFakeClock(clockFile, Date.parse('2026-12-11T18:30:00.5Z'));
    // Parents opening the link at that moment, all at once: every answer has it.
    const burst = await Promise.all(Array.from({ length: 20 }, () => call(suite, 'GET', '/news')));
    expect(burst.filter((answer) => answer.status === 200 && answer.text.includes('Results at half past six'))).toHaveLength(20);

    // A volunteer who moves a published item to next week takes it off the site until then.
    const [first] = (await call(suite, 'GET', '/api/news')).body as { id: string; title: string; content: string }[];
    await put(suite.url, token, `/api/admin/news/${first!.id}`, {
      title: first!.title,
      content: first!.content,
      publishedAt: '2026-12-18',
    });
    expect(await titles('/api/news')).not.toContain(first!.title);
    expect((await call(suite, 'GET', '/news')).text).not.toContain(first!.title);
    expect(await titles('/api/admin/news', token)).toContain(first!.title);
  });
});
