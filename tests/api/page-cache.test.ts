import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, login, type ApiResponse } from '../setup/api-client.ts';
import { createNewsService } from '../../src/core/news/news.service.ts';
import { COMPRESS_MIN_BYTES } from '../../src/server/http/encoding.ts';
import { STORED_IMAGE_CACHE } from '../../src/server/http/headers.ts';
import { openDb } from '../setup/direct-db.ts';
import { fakeClockEnv, setFakeClock } from '../setup/fake-clock.ts';
import { create, daysFromNow, put, uploadImage } from '../setup/fill-site.ts';
import { startServer, useServer, type RunningServer, type SuiteServer } from '../setup/server.ts';
import { eachDatabase, onPostgres } from '../setup/databases.ts';

// The page cache below Astro (docs/decisions/011-page-cache.md): pages are answered from memory,
// and every write, on this instance or another, is seen by the very next request.

const CACHED_PATHS = [
  '/',
  '/news',
  '/events',
  '/gallery',
  '/who-we-are',
  '/what-we-do',
  '/rss.xml',
  '/events.ics',
  '/sitemap.xml',
  '/robots.txt',
  '/manifest.webmanifest',
];

/** Asks twice: the second answer must come from memory. */
async function warm(suite: SuiteServer | string, pathname: string): Promise<void> {
  await call(suite, 'GET', pathname);
  const again = await call(suite, 'GET', pathname);
  expect(again.status, pathname).toBe(200);
  expect(again.headers.get('x-cache'), pathname).toBe('HIT');
}

/** The answer's bytes as sent (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

eachDatabase('page cache on $kind', (db) => {
  const suite = useServer(db);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });

  const page = (pathname: string) => call(suite, 'GET', pathname);

  it('answers public pages from memory, and shows every kind of write on the very next request', async () => {
    const pages = ['/', '/news', '/events', '/gallery', '/who-we-are', '/what-we-do', '/rss.xml', '/events.ics', '/sitemap.xml'];
    const expectNext = async (write: () => Promise<unknown>, checks: [string, string, boolean][]) => {
      for (const pathname of pages) await warm(suite, pathname);
      for (const [pathname] of checks) await warm(suite, pathname);
      await write();
      for (const [pathname, text, present] of checks) {
        const answer = await page(pathname);
        expect(answer.headers.get('x-cache'), pathname).toBe('MISS');
        expect(answer.text.includes(text), `${pathname} ${present ? 'shows' : 'no longer shows'} ${text}`).toBe(present);
      }
    };

    let news: { id: string } = { id: '' };
    await expectNext(
      async () =>
        (news = await create(suite.url, token, '/api/admin/news', {
          title: 'Cache news one',
          content: '<p>Hello</p>',
          publishedAt: '2026-11-01',
        })),
      [
        ['/', 'Cache news one', true],
        ['/news', 'Cache news one', true],
        ['/rss.xml', 'Cache news one', true],
        ['/sitemap.xml', '/news/', true],
      ],
    );
    await expectNext(
      () =>
        put(suite.url, token, `/api/admin/news/${news.id}`, {
          title: 'Cache news renamed',
          content: '<p>Hello</p>',
          publishedAt: '2026-11-01',
        }),
      [
        [`/news/${news.id}`, 'Cache news renamed', true],
        ['/news', 'Cache news one', false],
      ],
    );
    const image = await uploadImage(suite.url, token, 3);
    await expectNext(
      () =>
        put(suite.url, token, `/api/admin/news/${news.id}`, {
          title: 'Cache news renamed',
          content: '<p>Hello</p>',
          publishedAt: '2026-11-01',
          imageUrl: image,
        }),
      [[`/news/${news.id}`, image, true]],
    );
    await expectNext(
      () => call(suite, 'DELETE', `/api/admin/news/${news.id}`, { token }),
      [
        ['/news', 'Cache news renamed', false],
        ['/rss.xml', 'Cache news renamed', false],
      ],
    );

    let event: { id: string } = { id: '' };
    const eventBody = {
      name: 'Cache camp',
      date: daysFromNow(9),
      location: 'The field',
      bookingUrl: 'https://booking.example.org/camp',
      comment: 'Tents',
    };
    await expectNext(
      async () => (event = await create(suite.url, token, '/api/admin/events', eventBody)),
      [
        ['/', 'Cache camp', true],
        ['/events', 'Cache camp', true],
        ['/events.ics', 'Cache camp', true],
      ],
    );
    await expectNext(
      () => put(suite.url, token, `/api/admin/events/${event.id}`, { ...eventBody, name: 'Cache camp moved' }),
      [
        [`/events/${event.id}`, 'Cache camp moved', true],
        [`/events/${event.id}.ics`, 'Cache camp moved', true],
      ],
    );
    await expectNext(
      () => call(suite, 'DELETE', `/api/admin/events/${event.id}`, { token }),
      [
        ['/events', 'Cache camp', false],
        ['/', 'Cache camp', false],
      ],
    );

    const photo = await uploadImage(suite.url, token, 5);
    await expectNext(
      () => create(suite.url, token, '/api/admin/gallery', { imageUrl: photo, caption: 'Cache photo caption' }),
      [['/gallery', 'Cache photo caption', true]],
    );
    await expectNext(
      () => put(suite.url, token, '/api/admin/who-we-are', { aboutUs: 'Cache about us', whoAreWe: 'Cache committee' }),
      [['/who-we-are', 'Cache committee', true]],
    );
    await expectNext(
      () =>
        put(suite.url, token, '/api/admin/what-we-do', {
          mission: 'Cache mission',
          activities: 'Cache activities',
          impact: 'Cache impact',
        }),
      [['/what-we-do', 'Cache mission', true]],
    );
    await expectNext(
      () => put(suite.url, token, '/api/admin/settings', { clubName: 'Cached Dads Club' }),
      [
        ['/', 'Cached Dads Club', true],
        ['/gallery', 'Cached Dads Club', true],
        ['/rss.xml', 'Cached Dads Club', true],
        ['/manifest.webmanifest', 'Cached Dads Club', true],
      ],
    );
  });

  it('renders a page once for a burst of visitors, and a refused write clears nothing', async () => {
    await create(suite.url, token, '/api/admin/news', {
      title: 'Burst news',
      content: '<p>Everyone at once</p>',
      publishedAt: '2026-11-02',
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => page('/news')));
    expect(answers.every((answer) => answer.status === 200 && answer.text.includes('Burst news'))).toBe(true);
    expect(answers.filter((answer) => answer.headers.get('x-cache') === 'MISS')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1);

    // Wrong passwords and invalid writes change nothing, so they must not empty the cache.
    await call(suite, 'POST', '/api/admin/login', { body: { username: 'nobody', password: 'wrong-password-here' } });
    await call(suite, 'POST', '/api/admin/news', { token, body: { title: '' } });
    expect((await page('/news')).headers.get('x-cache')).toBe('HIT');

    // Nor can anybody empty it by sending writes to pages, however the address is spelled.
    const origin = { origin: suite.url };
    for (const [method, path] of [
      ['POST', '/'],
      ['POST', '/news'],
      ['DELETE', '/%6Eews'],
      ['PUT', '/admin/news'],
      ['POST', '/%61dmin'],
      ['POST', '/rss.xml'],
      ['PATCH', '/news/nothing'],
    ] as const) {
      expect((await call(suite, method, path, { headers: origin, body: '{}' })).status, `${method} ${path}`).toBe(405);
    }
    expect((await page('/news')).headers.get('x-cache')).toBe('HIT');
  });

  it('keeps no page rendered before a write, however many visitors load it while the write lands', async () => {
    for (let round = 0; round < 5; round++) {
      const title = `Race news ${round}`;
      let writing = true;
      // Visitors keep loading /news (misses render in parallel with the write) until it is done.
      const visitors = Array.from({ length: 8 }, async () => {
        while (writing) await page('/news');
      });
      await create(suite.url, token, '/api/admin/news', { title, content: '<p>x</p>', publishedAt: '2026-11-05' });
      const after = await Promise.all(Array.from({ length: 10 }, () => page('/news')));
      writing = false;
      await Promise.all(visitors);
      for (const answer of after) expect(answer.text, `round ${round}`).toContain(title);
      expect((await page('/news')).text).toContain(title);
    }
  });

  it('answers 304 to GET and HEAD with the same ETag, on every cached page and feed', async () => {
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'ETag event',
      date: daysFromNow(4),
      bookingUrl: 'https://booking.example.org/e',
      comment: 'x',
    });
    for (const pathname of [...CACHED_PATHS, `/events/${event.id}`, `/events/${event.id}.ics`]) {
      const get = await page(pathname);
      const head = await call(suite, 'HEAD', pathname);
      const etag = get.headers.get('etag');
      expect(etag, pathname).toMatch(/^W\/"[\w-]{27}"$/);
      expect(head.status, pathname).toBe(200);
      expect(head.headers.get('etag'), `HEAD ${pathname}`).toBe(etag);
      expect(head.text).toBe('');
      for (const method of ['GET', 'HEAD']) {
        const conditional = await call(suite, method, pathname, { headers: { 'if-none-match': etag! } });
        expect(conditional.status, `${method} ${pathname}`).toBe(304);
        expect(conditional.text).toBe('');
        expect(conditional.headers.get('etag')).toBe(etag);
      }
    }
    // A cached answer keeps the headers the page was rendered with.
    const home = await page('/');
    expect(home.headers.get('x-cache')).toBe('HIT');
    expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, must-revalidate');
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    // No opener policy on a public page, which would cost a second browser process per visit
    // (docs/decisions/124); the admin's sign-in page and calls keep it.
    expect(home.headers.get('cross-origin-opener-policy')).toBeNull();
    expect((await page('/admin')).headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect((await call(suite, 'GET', '/api/admin/me')).headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('vary')).toBe('Accept-Encoding');
    for (const encoding of ['br', 'gzip']) {
      const compressed = await fetch(`${suite.url}/`, { headers: { 'accept-encoding': encoding } });
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(await compressed.text()).toBe(home.text);
    }
  });

  it('never answers a signed-in administrator from memory, and keeps no cookie in any cached answer', async () => {
    const signIn = await fetch(`${suite.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: suite.url },
      body: JSON.stringify({ username: 'admin', password: 'correct-horse-battery-staple' }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    for (const pathname of CACHED_PATHS) {
      await warm(suite, pathname);
      for (const headers of [{ cookie }, { cookie: `theme=dark; ${cookie}` }, { authorization: `Bearer ${token}` }]) {
        const admin = await call(suite, 'GET', pathname, { headers });
        expect(admin.status, pathname).toBe(200);
        expect(admin.headers.get('x-cache'), pathname).toBeNull();
      }
      const visitor = await page(pathname);
      expect(visitor.headers.get('x-cache')).toBe('HIT');
      expect(visitor.headers.get('set-cookie')).toBeNull();
      expect(visitor.text).not.toContain(cookie.split('=')[1]);
    }
  });

  it('answers stored photos from memory as they are stored, one read for a burst, never to an administrator', async () => {
    const image = await uploadImage(suite.url, token, 21);
    await create(suite.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'Kept in memory' });
    for (const file of [image, `${image}/320.webp`, `${image}/320.avif`]) {
      const first = await rawGet(`${suite.url}${file}`, { 'accept-encoding': 'br, gzip' });
      const again = await rawGet(`${suite.url}${file}`, { 'accept-encoding': 'br, gzip' });
      expect([first.headers['x-cache'], again.headers['x-cache']], file).toEqual(['MISS', 'HIT']);
      expect(again.body.equals(first.body), file).toBe(true);
      // WebP and AVIF are compressed already: sent as stored, with the headers the route gave.
      expect(again.headers['content-encoding'], file).toBeUndefined();
      expect(again.headers.vary, file).toBeUndefined();
      expect(again.headers['content-type'], file).toBe(file.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(Number(again.headers['content-length']), file).toBe(again.body.byteLength);
      expect(again.headers['cache-control'], file).toBe(STORED_IMAGE_CACHE);
      expect(again.headers['x-content-type-options'], file).toBe('nosniff');
      expect(again.headers['set-cookie'], file).toBeUndefined();
      for (const method of ['GET', 'HEAD']) {
        const conditional = await call(suite, method, file, { headers: { 'if-none-match': again.headers.etag! } });
        expect(conditional.status, `${method} ${file}`).toBe(304);
      }
      // A signed-in administrator (who may see a withdrawn photo) is answered by the route.
      const admin = await call(suite, 'GET', file, { headers: { cookie: `club_session=${token}` } });
      expect([admin.status, admin.headers.get('x-cache')], file).toEqual([200, null]);
    }
    // Parents opening a link at once: one read of the file, the others wait for it.
    const crowd = await Promise.all(Array.from({ length: 30 }, () => fetch(`${suite.url}${image}/640.webp`)));
    expect(crowd.every((answer) => answer.status === 200)).toBe(true);
    expect(crowd.filter((answer) => answer.headers.get('x-cache') === 'MISS')).toHaveLength(1);
    // A width that was not stored is sent on to the nearest, every time, never kept.
    for (let i = 0; i < 2; i++) {
      const moved = await fetch(`${suite.url}${image}/1920.webp`, { redirect: 'manual' });
      expect([moved.status, moved.headers.get('x-cache')]).toEqual([301, 'MISS']);
    }
  });

  it('compresses what it renders for each request with brotli in a 256 KB window, not the 4 MB default', async () => {
    // The API, the admin screens and a signed-in administrator's pages are rendered for each
    // request. A brotli stream's first bits give its window (RFC 7932, 9.1): 0b0011 is 2^18 bytes,
    // 0b1011 2^22.
    const answer = await rawGet(`${suite.url}/api/openapi.json`, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['x-cache']).toBeUndefined();
    expect(answer.body[0]! & 0x0f).toBe(0b0011);
    expect(JSON.parse(zlib.brotliDecompressSync(answer.body).toString())).toHaveProperty('openapi');
  });

  it("sends the islands' scripts as the build compressed them, from memory, and plain to a client that asks for no encoding", async () => {
    const home = await page('/');
    const scripts = [...new Set(home.text.match(/\/_astro\/[\w.-]+\.js/g) ?? [])];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const file = path.join(import.meta.dirname, '../../dist/client', script);
      const brotli = await rawGet(`${suite.url}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
      if (fs.statSync(file).size < COMPRESS_MIN_BYTES) {
        // Too small to gain from compression: sent as it is.
        expect(brotli.headers['content-encoding'], script).toBeUndefined();
        expect(brotli.body.equals(fs.readFileSync(file))).toBe(true);
        continue;
      }
      expect(brotli.headers['content-encoding'], script).toBe('br');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers['content-security-policy']).toContain("default-src 'none'");
      expect(brotli.body.equals(fs.readFileSync(`${file}.br`)), script).toBe(true);
      const plain = await rawGet(`${suite.url}${script}`, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(fs.readFileSync(file)), script).toBe(true);
      expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    }
  });

  it('keeps 404s for made-up ids and odd query strings out of memory', async () => {
    await warm(suite, '/news');
    // Tracking parameters do not make another page.
    expect((await page('/news?utm_source=newsletter&fbclid=abc')).headers.get('x-cache')).toBe('HIT');
    for (const pathname of ['/news/no-such-item', '/news?page=999', '/news?page=abc', '/news?page=0', '/events/no-such-event.ics']) {
      for (let i = 0; i < 2; i++) {
        const answer = await page(pathname);
        expect(answer.status, pathname).toBe(404);
        expect(answer.headers.get('x-cache'), pathname).not.toBe('HIT');
      }
    }
    // Answered once, so compressed once and quickly (gzip), not with the cache's brotli as well.
    const made = await fetch(`${suite.url}/news/made-up-item`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(made.status).toBe(404);
    expect(made.headers.get('content-encoding')).toBe('gzip');
    expect(await made.text()).toContain('404 Page Not Found');
  });

  it('answers every unknown address with one stored not-found page, and leaves routed ones to Astro', async () => {
    const first = await page(`/nothing-here-${Date.now()}`);
    expect(first.status).toBe(404);
    const answers = await Promise.all(['/wp-login.php', '/.env', '/a/b/c?x=1', '/404', '/News', '/news%2Fabc'].map(page));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-cache')).toBe('HIT');
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.text).toBe(first.text);
      expect(answer.text).toContain('404 Page Not Found');
      // One page for every address: none of them is written into it.
      expect(answer.text).not.toMatch(/wp-login|nothing-here/);
    }
    // Escapes are decoded as Astro decodes them: /%6Eews is /news.
    expect((await page('/%6Eews')).status).toBe(200);
    for (const routed of ['/healthz', '/logo.svg', '/admin/nothing', '/api/nothing', '/news/a/b']) {
      expect((await page(routed)).headers.get('x-cache'), routed).not.toBe('HIT');
    }
    // A signed-in administrator's 404 is rendered for them.
    const signedIn = await call(suite, 'GET', '/wp-login.php', { token });
    expect(signedIn.status).toBe(404);
    expect(signedIn.headers.get('x-cache')).not.toBe('HIT');
  });

  it('answers a page that fails while rendering with the HTML 500 page, logged with its request id', async () => {
    const direct = openDb(suite);
    try {
      // Data the site itself never writes: an event whose date cannot be read.
      await sql`insert into events (id, name, date, comment, booking_url, created_at, updated_at)
        values ('broken-event', 'Broken', 'not a date', 'x', 'https://booking.example.org/x', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        direct,
      );
      const answer = await call(suite, 'GET', '/events/broken-event', { headers: { 'x-request-id': 'broken-page-request' } });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.text).toContain('Something went wrong');
      expect(answer.text).toContain('href="/"');
      expect(answer.text).toContain('broken-page-request');
      // Its own icon, the emblem: /favicon.ico would need the database, which may be what failed.
      expect(answer.text).toContain('<link rel="icon" href="/logo.svg" type="image/svg+xml"/>');
      expect(answer.headers.get('x-cache')).not.toBe('HIT');
      await expect.poll(() => suite.server.output()).toContain('broken-page-request');
      // The API keeps its JSON errors.
      const api = await call(suite, 'GET', '/api/events/broken-event');
      expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      await sql`delete from events where id = 'broken-event'`.execute(direct);
      await direct.destroy();
    }
  });
});

eachDatabase('page cache and the clock on $kind', (db) => {
  const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'club-clock-')), 'offset');
  const suite = useServer(db, { ...fakeClockEnv(clockFile), SITE_TIMEZONE: 'Europe/London' });
  afterAll(() => fs.rmSync(path.dirname(clockFile), { recursive: true, force: true }));

  it('turns an event that starts at midnight into a past event at midnight, with no write', async () => {
    // Winter: London is on UTC, so 00:00 local is 00:00Z.
    setFakeClock(clockFile, Date.parse('2026-12-05T23:59:50Z'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const token = await login(suite);
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Midnight walk',
      date: '2026-12-06',
      bookingUrl: 'https://booking.example.org/walk',
      comment: 'Torches',
    });
    for (const pathname of ['/', '/events', `/events/${event.id}`]) {
      await warm(suite, pathname);
      const before = await call(suite, 'GET', pathname);
      expect(before.text, pathname).not.toContain('Past Event');
      expect(before.text, pathname).toContain('Midnight walk');
    }
    expect((await call(suite, 'GET', '/')).text).toContain('Next Event');

    setFakeClock(clockFile, Date.parse('2026-12-06T00:00:01Z'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const pathname of ['/events', `/events/${event.id}`]) {
      const after = await call(suite, 'GET', pathname);
      expect(after.headers.get('x-cache'), pathname).toBe('MISS');
      expect(after.text, pathname).toContain('Past Event');
    }
    expect((await call(suite, 'GET', '/')).text).not.toContain('Next Event');
  });

  it('shows a write made outside the server (a script on a running site) within a minute', async () => {
    setFakeClock(clockFile, Date.parse('2026-12-10T12:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await warm(suite, '/news');
    const direct = openDb(suite);
    try {
      await createNewsService({
        db: direct,
        timeZone: 'Europe/London',
        withImageRelease: (work) => direct.transaction().execute((trx) => work(trx, async () => {})),
        checkImageUrl: () => Promise.resolve(),
      }).create({
        title: 'Written by a script',
        content: '<p>Straight into the database</p>',
        imageAlt: null,
        publishedAt: '2026-12-10',
        imageUrl: null,
      });
    } finally {
      await direct.destroy();
    }
    expect((await call(suite, 'GET', '/news')).text).not.toContain('Written by a script');
    setFakeClock(clockFile, Date.parse('2026-12-10T12:01:01Z'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call(suite, 'GET', '/news')).text).toContain('Written by a script');
  });
});

onPostgres('page cache on two instances of one PostgreSQL database', (postgres) => {
  const first = useServer(postgres);
  let second: RunningServer;
  let token: string;
  beforeAll(async () => {
    second = await startServer(first.env);
    token = await login(first);
  });
  afterAll(async () => {
    await second?.stop();
  });

  async function within(ms: number, check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const shows = (server: string, pathname: string, text: string) => async () => (await call(server, 'GET', pathname)).text.includes(text);
  /**
   * Until the instance answers from memory. Not `warm`: a write's notice reaches the other instance
   * a moment after the write's answer, and empties its cache between two requests.
   */
  const kept = (server: string, pathname: string, ms = 5_000) =>
    within(ms, async () => (await call(server, 'GET', pathname)).headers.get('x-cache') === 'HIT', `${pathname} kept in memory`);

  it("shows each instance's writes on the other within a second", async () => {
    await kept(second.url, '/news');
    const item = await create(first.url, token, '/api/admin/news', {
      title: 'Written on the first',
      content: '<p>x</p>',
      publishedAt: '2026-11-03',
    });
    await within(1_000, shows(second.url, '/news', 'Written on the first'), 'a create on the other instance');

    await warm(first, '/news');
    const otherToken = await login(second.url);
    await put(second.url, otherToken, `/api/admin/news/${item.id}`, {
      title: 'Renamed on the second',
      content: '<p>x</p>',
      publishedAt: '2026-11-03',
    });
    await within(1_000, shows(first.url, '/news', 'Renamed on the second'), 'an update on the other instance');

    await warm(second.url, '/');
    await put(first.url, token, '/api/admin/settings', { clubName: 'Two Instance Dads' });
    await within(1_000, shows(second.url, '/', 'Two Instance Dads'), 'settings on the other instance');

    await warm(second.url, '/news');
    await call(first, 'DELETE', `/api/admin/news/${item.id}`, { token });
    await within(1_000, async () => !(await shows(second.url, '/news', 'Renamed on the second')()), 'a delete on the other instance');

    // A photo the other instance keeps in memory (docs/decisions/148) is withdrawn by a delete here.
    const image = await uploadImage(first.url, token, 22);
    const photo = await create(first.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'On both' });
    await kept(second.url, `${image}/320.webp`);
    await call(first, 'DELETE', `/api/admin/gallery/${photo.id}`, { token });
    await within(
      1_000,
      async () => (await call(second.url, 'GET', `${image}/320.webp`)).status === 404,
      'a photo withdrawn on the other instance',
    );
  });

  it('stays correct while it cannot hear the other instance, and caches again once it can', async () => {
    const direct = openDb(first);
    try {
      await kept(second.url, '/events');
      // Cut every LISTEN connection: the instances cannot hear each other until they reconnect.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`.execute(
        direct,
      );
      await create(first.url, token, '/api/admin/events', {
        name: 'While deaf',
        date: daysFromNow(3),
        bookingUrl: 'https://booking.example.org/d',
        comment: 'x',
      });
      await within(1_000, shows(second.url, '/events', 'While deaf'), 'a write made while the listener was down');
      await kept(second.url, '/events', 15_000);
      const answer: ApiResponse = await call(second.url, 'GET', '/events');
      expect(answer.text).toContain('While deaf');
    } finally {
      await direct.destroy();
    }
  });
});
