import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../core/logger.ts';
import { createPageCache } from './page-cache.ts';
import { STALE_LIMIT_MS } from './store.ts';

// The cache in front of a stand-in for Astro: what it answers when a render fails
// (docs/decisions/121-pages-kept-through-a-database-outage.md).

describe('page cache, when a render fails', () => {
  let failing = false;
  let version = 1;
  let renders = 0;
  let changesIn = 60_000;
  /** While set, renders wait for it. */
  let hold: Promise<void> | null = null;
  const cache = createPageCache({
    maxBytes: 1_000_000,
    log: createLogger('silent'),
    nextChange: async (now) => new Date(now.getTime() + changesIn),
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
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      cache.watchWrites(req, res);
      if (req.url?.endsWith('/failing')) {
        res.writeHead(503).end();
        return;
      }
      version++;
      res.writeHead(201).end();
      return;
    }
    if (!cache.handle(req, res, render)) res.writeHead(418).end();
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    cache.invalidate();
    cache.setCoherent(true);
    failing = false;
    hold = null;
    changesIn = 60_000;
  });
  afterEach(() => vi.useRealTimers());

  const get = async (path: string) => {
    const res = await fetch(base + path);
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
    expect((await fetch(`${base}/api/admin/news`, { method: 'POST' })).status).toBe(201);
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
    expect((await fetch(`${base}/api/admin/news/failing`, { method: 'POST' })).status).toBe(503);
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
    expect((await fetch(`${base}/api/admin/news`, { method: 'POST' })).status).toBe(201);
    expect(await get('/gallery')).toMatchObject({ cache: 'MISS', text: '<p>version 6</p>' });
    failing = true;
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect(await get('/gallery')).toMatchObject({ cache: 'STALE', text: '<p>version 6</p>' });
  });
});
