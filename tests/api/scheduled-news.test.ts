import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { moveFakeClock, fakeClockEnv } from '../setup/fake-clock.ts';
import { create, put } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

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

    // And its page as it will be (docs/decisions/106), theirs alone: strangers are sent to sign in.
    const preview = await call(suite, 'GET', `/admin/news/${later.id}/preview`, { token });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Preview: on the site from December 10, 2026');
    expect(preview.text).toContain('Bring a spade');
    expect(preview.text).toContain('<meta name="robots" content="noindex">');
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('x-cache')).toBeNull();
    const stranger = await call(suite, 'GET', `/admin/news/${later.id}/preview`);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get('location')).toBe(`/admin?next=${encodeURIComponent(`/admin/news/${later.id}/preview`)}`);
    expect(stranger.text).not.toContain('Bring a spade');
    // An item already on the site is previewed by its own page; one that never was is not found.
    const published = await call(suite, 'GET', `/admin/news/${now.id}/preview`, { token });
    expect(published.status).toBe(302);
    expect(published.headers.get('location')).toBe(`/news/${now.id}`);
    const missing = await call(suite, 'GET', '/admin/news/0123456789abcdefghijkl/preview', { token });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('it may not be published yet');
    // One signed in with a password another gave chooses their own first (docs/decisions/079).
    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'newcomer', password: 'a-password-passed-on', currentPassword: ADMIN.password },
    });
    expect(added.status).toBe(201);
    const newcomer = await call(suite, 'GET', `/admin/news/${later.id}/preview`, {
      token: await login(suite, 'newcomer', 'a-password-passed-on'),
    });
    expect([newcomer.status, newcomer.headers.get('location')]).toEqual([302, '/admin/dashboard']);
    expect(newcomer.text).not.toContain('Bring a spade');
    // The administrator's look leaves nothing behind for visitors, even when both come at once.
    const together = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? call(suite, 'GET', `/admin/news/${later.id}/preview`, { token }) : call(suite, 'GET', `/news/${later.id}`),
      ),
    );
    expect(together.filter((answer, i) => i % 2 === 1 && answer.status === 200 && answer.text.includes('Bring a spade'))).toHaveLength(20);
    expect(together.filter((answer, i) => i % 2 === 0 && answer.status === 404 && !answer.text.includes('Bring a spade'))).toHaveLength(20);
    for (let i = 0; i < 2; i++) expect((await call(suite, 'GET', `/news/${later.id}`)).text).not.toContain('Bring a spade');

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
    const previewAfter = await call(suite, 'GET', `/admin/news/${later.id}/preview`, { token });
    expect(previewAfter.status).toBe(302);
    expect(previewAfter.headers.get('location')).toBe(`/news/${later.id}`);
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
