import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../core/logger.ts';
import type { Render } from './capture.ts';
import { createPageCache } from './page-cache.ts';
import { STALE_LIMIT_MS } from './store.ts';

// The cache in front of a stand-in for Astro: what it answers when a render fails
// (docs/decisions/121-pages-kept-through-a-database-outage.md), and how it keeps stored photos (148).

/**
 * A server in front of `cache` for the tests of a describe block: a POST is a write (answered by
 * `write`), anything else goes through the cache to `render`, 418 for what the cache does not take.
 */
function serve(
  cache: ReturnType<typeof createPageCache>,
  render: Render,
  write: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
  const site = { base: '' };
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      cache.watchWrites(req, res);
      write(req, res);
      return;
    }
    if (!cache.handle(req, res, render)) res.writeHead(418).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return site;
}

describe('page cache, when a render fails', () => {
  let failing = false;
  let version = 1;
  let renders = 0;
  let changesIn = 60_000;
  let announced = 0;
  /** While set, renders wait for it. */
  let hold: Promise<void> | null = null;
  const cache = createPageCache({
    maxBytes: 1_000_000,
    log: createLogger('silent'),
    nextChange: async (now) => new Date(now.getTime() + changesIn),
    announce: () => announced++,
  });
  const render = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    renders++;
    const answer = () => {
      if (failing) {
        res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '30' });
        res.end('<p>The site is unavailable for a moment</p>');
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=60' });
        res.end(`<p>version ${version}</p>`);
      }
    };
    if (hold) void hold.then(answer);
    else answer();
  };
  const site = serve(cache, render, (req, res) => {
    if (req.url?.includes('failing')) {
      res.writeHead(503).end();
      return;
    }
    // Signing in changes no page.
    if (!req.url?.startsWith('/api/admin/login')) version++;
    res.writeHead(201).end();
  });
  beforeEach(() => {
    cache.invalidate();
    cache.setCoherent(true);
    failing = false;
    hold = null;
    changesIn = 60_000;
  });
  afterEach(() => vi.useRealTimers());

  const get = async (path: string) => {
    const res = await fetch(site.base + path);
    return { status: res.status, cache: res.headers.get('x-cache'), control: res.headers.get('cache-control'), text: await res.text() };
  };

  it('answers the page as it last was, said STALE and not to be kept, while rendering it fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await get('/news')).toMatchObject({ status: 200, cache: 'MISS', text: '<p>version 1</p>' });
    cache.setCoherent(false);
    failing = true;
    expect(await get('/news')).toEqual({ status: 200, cache: 'STALE', control: 'no-cache', text: '<p>version 1</p>' });
    // Not tried again for a few seconds: the page stands in at once, and a database coming back
    // is not met by a render for every visitor.
    const tried = renders;
    for (let i = 0; i < 20; i++) expect((await get('/news')).cache).toBe('STALE');
    expect(renders).toBe(tried);
    vi.setSystemTime(Date.now() + 5_000);
    expect((await get('/news')).cache).toBe('STALE');
    expect(renders).toBe(tried + 1);
    // A page nobody asked for before has nothing to fall back on.
    expect(await get('/events')).toMatchObject({ status: 503, text: '<p>The site is unavailable for a moment</p>' });
    // Back as soon as a render works, at the next try.
    failing = false;
    expect((await get('/news')).cache).toBe('STALE');
    vi.setSystemTime(Date.now() + 5_000);
    expect(await get('/news')).toMatchObject({ status: 200, cache: 'MISS', text: '<p>version 1</p>' });
  });

  it('falls back for everyone who waited on the failed render', async () => {
    await get('/gallery');
    cache.setCoherent(false);
    failing = true;
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const before = renders;
    const answers = Promise.all(Array.from({ length: 5 }, () => get('/gallery')));
    await expect.poll(() => renders).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    for (const answer of await answers) expect(answer).toMatchObject({ status: 200, cache: 'STALE', text: '<p>version 1</p>' });
    expect(renders).toBe(before + 1);
  });

  it('never falls back on a page from before a write', async () => {
    version = 1;
    expect((await get('/news')).text).toBe('<p>version 1</p>');
    expect((await fetch(`${site.base}/api/admin/news`, { method: 'POST' })).status).toBe(201);
    failing = true;
    expect(await get('/news')).toMatchObject({ status: 503, cache: 'MISS' });
  });

  it('keeps what it renders while other instances cannot be heard, to fall back on only; forgets it once they can', async () => {
    version = 7;
    cache.setCoherent(false);
    expect(await get('/who-we-are')).toMatchObject({ status: 200, cache: 'MISS', text: '<p>version 7</p>' });
    expect((await get('/who-we-are')).cache).toBe('MISS');
    failing = true;
    expect(await get('/who-we-are')).toMatchObject({ status: 200, cache: 'STALE', text: '<p>version 7</p>' });
    // Heard again: a write may have been missed meanwhile, so nothing held is trusted.
    cache.setCoherent(true);
    expect((await get('/who-we-are')).status).toBe(503);
  });

  it('falls back on a page a day old at most, and for a minute at most once deaf to other instances', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    version = 3;
    await get('/what-we-do');
    failing = true;
    // Past its expiry (a minute, or the next event's start): still better than an error page.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(await get('/what-we-do')).toMatchObject({ status: 200, cache: 'STALE', text: '<p>version 3</p>' });
    vi.setSystemTime(Date.now() + STALE_LIMIT_MS);
    expect((await get('/what-we-do')).status).toBe(503);

    failing = false;
    await get('/what-we-do');
    failing = true;
    cache.setCoherent(false);
    vi.setSystemTime(Date.now() + 50_000);
    expect((await get('/what-we-do')).cache).toBe('STALE');
    // Another instance may have written since: a minute, as proxies are told, and no more.
    vi.setSystemTime(Date.now() + 11_000);
    expect((await get('/what-we-do')).status).toBe(503);
  });

  it('after a write that failed half-way, renders anew and falls back for a minute at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The next event starts in ten seconds: pages held expire before the minute is out.
    changesIn = 10_000;
    version = 5;
    await get('/gallery');
    expect((await get('/gallery')).cache).toBe('HIT');
    // The database went away during the write: it may or may not have landed.
    failing = true;
    expect((await fetch(`${site.base}/api/admin/news/failing`, { method: 'POST' })).status).toBe(503);
    expect(await get('/gallery')).toMatchObject({ status: 200, cache: 'STALE', text: '<p>version 5</p>' });
    failing = false;
    vi.setSystemTime(Date.now() + 5_000);
    expect((await get('/gallery')).cache).toBe('MISS');
    failing = true;
    vi.setSystemTime(Date.now() + 30_000);
    expect((await get('/gallery')).cache).toBe('STALE');
    vi.setSystemTime(Date.now() + 31_000);
    expect((await get('/gallery')).status).toBe(503);
    // A write that lands clears what was held, and the doubt with it.
    failing = false;
    expect((await fetch(`${site.base}/api/admin/news`, { method: 'POST' })).status).toBe(201);
    expect(await get('/gallery')).toMatchObject({ cache: 'MISS', text: '<p>version 6</p>' });
    failing = true;
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(await get('/gallery')).toMatchObject({ cache: 'STALE', text: '<p>version 6</p>' });
  });

  it('is left alone by a volunteer signing in, whether it works or fails, while pages are kept through an outage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    version = 8;
    await get('/news');
    const before = announced;
    expect((await fetch(`${site.base}/api/admin/login`, { method: 'POST' })).status).toBe(201);
    expect(await get('/news')).toMatchObject({ cache: 'HIT', text: '<p>version 8</p>' });
    // The database is down; the page as it was stands in. Signing in to see why empties nothing,
    // and a sign-in that fails half-way casts no doubt on what is held.
    failing = true;
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect((await get('/news')).cache).toBe('STALE');
    expect((await fetch(`${site.base}/api/admin/login?failing`, { method: 'POST' })).status).toBe(503);
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(await get('/news')).toMatchObject({ status: 200, cache: 'STALE', text: '<p>version 8</p>' });
    failing = false;
    expect((await fetch(`${site.base}/api/admin/login`, { method: 'POST' })).status).toBe(201);
    failing = true;
    vi.setSystemTime(Date.now() + 5_000);
    expect(await get('/news')).toMatchObject({ status: 200, cache: 'STALE', text: '<p>version 8</p>' });
    // Nor are other instances told of it.
    expect(announced).toBe(before);
    // A content write is told, and its failure half-way still casts doubt.
    expect((await fetch(`${site.base}/api/admin/news/failing`, { method: 'POST' })).status).toBe(503);
    expect(announced).toBe(before + 1);
  });
});

// Stored photos, kept beside the pages (docs/decisions/148).
describe('page cache, stored photos', () => {
  let renders = 0;
  let withdrawn = false;
  const cache = createPageCache({
    maxBytes: 100_000,
    log: createLogger('silent'),
    nextChange: async (now) => new Date(now.getTime() + 60_000),
  });
  const photoOf = (url: string) => Buffer.alloc(5_000, url);
  const render = (req: http.IncomingMessage, res: http.ServerResponse) => {
    renders++;
    if (!req.url!.startsWith('/images/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<p>${'page '.repeat(2_000)}</p>`);
    } else if (withdrawn) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
      res.end('Not found');
    } else {
      res.writeHead(200, { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
      res.end(photoOf(req.url!));
    }
  };
  const site = serve(cache, render, (_req, res) => void res.writeHead(200).end());
  beforeEach(() => {
    cache.invalidate();
    withdrawn = false;
  });
  const photo = (n: number) => `/images/${String(n).padStart(12, 'p')}/320.webp`;
  const get = async (path: string, headers: Record<string, string> = { 'accept-encoding': 'br, gzip' }) => {
    const res = await fetch(site.base + path, { headers });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };

  it('keeps a photo as it is: sent plain whatever the client accepts, with an ETag and 304', async () => {
    const first = await get(photo(1));
    const again = await get(photo(1));
    expect([first.headers.get('x-cache'), again.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    expect(again.body.equals(photoOf(photo(1)))).toBe(true);
    expect(again.headers.get('content-encoding')).toBeNull();
    expect(again.headers.get('vary')).toBeNull();
    expect(again.headers.get('content-type')).toBe('image/webp');
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = again.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await get(photo(1), { 'if-none-match': etag })).status).toBe(304);
  });

  it('keeps photos in memory of their own: however many are asked for, the pages stay', async () => {
    await get('/news');
    expect((await get('/news')).headers.get('x-cache')).toBe('HIT');
    // A quarter of 100,000 bytes holds four 5 KB photos: a crawler asking for 40 pushes out only photos.
    for (let n = 0; n < 40; n++) await get(photo(n));
    expect((await get('/news')).headers.get('x-cache')).toBe('HIT');
    expect((await get(photo(39))).headers.get('x-cache')).toBe('HIT');
    expect((await get(photo(0))).headers.get('x-cache')).toBe('MISS');
  });

  it('forgets every photo at a write, and keeps no answer but a photo for anybody', async () => {
    await get(photo(2));
    expect((await get(photo(2))).headers.get('x-cache')).toBe('HIT');
    // A delete withdraws the photo: the very next visitor is told it is not there.
    withdrawn = true;
    expect((await fetch(`${site.base}/api/admin/gallery/x`, { method: 'POST' })).status).toBe(200);
    const before = renders;
    for (let i = 0; i < 2; i++) expect((await get(photo(2))).status).toBe(404);
    expect(renders).toBe(before + 2);
  });
});
