import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKey, mayChangePages, NOT_FOUND_KEY, routedSegments } from './cacheable.ts';

const get = (url: string, headers: Record<string, string> = {}) => cacheKey({ method: 'GET', url, headers });

describe('cacheKey', () => {
  it('takes the public pages and feeds, and list pages by their number', () => {
    for (const url of [
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
      '/news/abc-123',
      '/events/x_y',
      '/events/x_y.ics',
      '/sitemaps/2.xml',
    ]) {
      expect(get(url), url).toBe(url);
    }
    expect(get('/news?page=2')).toBe('/news?page=2');
    expect(get('/news?page=1')).toBe('/news');
    expect(get('/news?utm_source=mail&page=3&fbclid=x')).toBe('/news?page=3');
    expect(get('/who-we-are?page=7')).toBe('/who-we-are');
    expect(get('/news?photo=abc123')).toBe('/news');
    // A photo's address is a page of its own (docs/decisions/112).
    expect(get('/gallery?photo=abc123')).toBe('/gallery?photo=abc123');
    expect(get('/gallery?page=1&photo=abc123&utm_source=x')).toBe('/gallery?photo=abc123');
    expect(get('/gallery?photo=abc123&page=2')).toBe('/gallery?page=2&photo=abc123');
    expect(cacheKey({ method: 'HEAD', url: '/', headers: {} })).toBe('/');
  });

  it('takes stored photos by their path, the query left out (docs/decisions/148)', () => {
    for (const url of ['/images/abcdefghij12', '/images/abcdefghij12/320.webp', '/images/abcdefghij12/1230.avif'])
      expect(get(url), url).toBe(url);
    expect(get('/images/abcdefghij12/640.webp?v=2')).toBe('/images/abcdefghij12/640.webp');
    for (const url of [
      '/images/abcdefghij12/share.jpg',
      '/images/abcdefghij12/touch-icon.png',
      '/images/abcdefghij12/master.webp',
      '/images/abcdefghij12/0320.webp',
      '/images/abcdefghij12/320.png',
      '/images/ABCDEFGHIJ12/320.webp',
      '/images/%61bcdefghij12/320.webp',
      '/images/remote/abc',
      '/images/text/abcdefghij12/a.webp',
      '/images/abcdefghij12/',
    ])
      expect(get(url), url).toBeNull();
    // An administrator may see a withdrawn photo: never answered from memory.
    expect(get('/images/abcdefghij12/320.webp', { cookie: 'club_session=x' })).toBeNull();
  });

  it('leaves everything else to Astro', () => {
    for (const url of [
      '/admin',
      '/admin/news',
      '/api/news',
      '/api/admin/me',
      '/images/abc/320.webp',
      '/healthz',
      '/_astro/x.js',
      '/logo.svg',
      '/nothing',
      '/news/',
      '/news/a/b',
      `/news/${'x'.repeat(65)}`,
      '/news?page=0',
      '/news?page=abc',
      '/news?page=1&page=2',
      '/news?page=9999999',
      '/sitemaps/0.xml',
      '/sitemaps/02.xml',
      '/sitemaps/x.xml',
      // A malformed photo address: sent on without it (docs/decisions/112).
      '/gallery?photo=',
      '/gallery?photo=%00',
      '/gallery?photo=a&photo=b',
      '/gallery?page=x&photo=abc123',
    ]) {
      expect(get(url), url).toBeNull();
    }
    expect(cacheKey({ method: 'POST', url: '/', headers: {} })).toBeNull();
  });

  it('leaves to Astro an address whose slashes other readers take another way', () => {
    // `new URL('//rss.xml', base)` is the path '/' on the host 'rss.xml'; Astro routes it to /rss.xml.
    for (const url of ['//rss.xml', '//news', '///events', '/\\news', '/\\/events', '//x/events', '/news//', 'http://x/news']) {
      expect(get(url), url).toBeNull();
      expect(cacheKey({ method: 'GET', url, headers: {} }, new Set(['', 'news', 'events', 'rss.xml'])), url).toBeNull();
    }
  });

  it('never answers a signed-in administrator from memory', () => {
    expect(get('/', { cookie: 'club_session=abc' })).toBeNull();
    expect(get('/', { cookie: 'theme=dark; club_session=abc' })).toBeNull();
    expect(get('/', { authorization: 'Bearer abc' })).toBeNull();
    expect(get('/', { cookie: 'club_session =abc' })).toBeNull();
    expect(get('/', { cookie: 'theme=dark;\tclub_session\t=abc' })).toBeNull();
    expect(get('/', { cookie: 'theme=dark' })).toBe('/');
    expect(get('/', { cookie: 'club_sessions=abc; xclub_session=abc; theme=club_session=abc' })).toBe('/');
  });
});

describe('routedSegments', () => {
  const root = path.resolve(import.meta.dirname, '../../..');

  it("names the first segment of each of the site's pages and static files", () => {
    const routed = routedSegments(path.join(root, 'src/pages'), path.join(root, 'public'))!;
    for (const segment of [
      '',
      'news',
      'events',
      'events.ics',
      'gallery',
      'who-we-are',
      'what-we-do',
      'rss.xml',
      'sitemap.xml',
      'sitemaps',
    ]) {
      expect(routed.has(segment), segment).toBe(true);
    }
    for (const segment of ['admin', 'api', 'images', 'healthz', 'robots.txt', 'logo.svg']) expect(routed.has(segment), segment).toBe(true);
    expect(routed.has('404')).toBe(false);
    expect(routed.has('index')).toBe(false);
  });

  it('gives up when a top-level page is dynamic: any address may be a page', () => {
    const pages = fs.mkdtempSync(path.join(os.tmpdir(), 'club-pages-'));
    fs.writeFileSync(path.join(pages, '[slug].astro'), '');
    expect(routedSegments(pages, path.join(pages, 'none'))).toBeNull();
    fs.rmSync(pages, { recursive: true });
  });

  it('gives addresses nothing answers the not-found key, and leaves the rest to Astro', () => {
    const routed = new Set(['', 'news', 'admin', 'logo.svg']);
    const key = (url: string, headers: Record<string, string> = {}) => cacheKey({ method: 'GET', url, headers }, routed);
    for (const url of ['/wp-login.php', '/.env', '/News', '/a/b?c=d', '/news%2Fx', '/404']) expect(key(url), url).toBe(NOT_FOUND_KEY);
    for (const url of ['/admin/x', '/news/a/b', '/%6Eews/a/b', '/logo.svg', '/bad%zz', '/news/']) expect(key(url), url).toBeNull();
    expect(key('/wp-login.php', { cookie: 'club_session=abc' })).toBeNull();
    expect(cacheKey({ method: 'POST', url: '/wp-login.php', headers: {} }, routed)).toBeNull();
  });
});

describe('mayChangePages', () => {
  it('knows an API call however its address is spelled, and nothing else', () => {
    for (const url of ['/api/admin/news', '/api/admin/news/abc?x=1', '/%61pi/admin/news', '/api/admin/./news', '/x/../api/admin/news'])
      expect(mayChangePages(url), url).toBe(true);
    // Spellings main.ts tidies before this is asked: taken as API calls, so a write empties the cache.
    for (const url of ['//api/admin/news', '/\\api/admin/news', 'http://x/api/admin/news']) expect(mayChangePages(url), url).toBe(true);
    for (const url of ['/', '/news', '/admin/news', '/apiary', '/%2Fapi/admin', '/api%2Fadmin', '/bad%zz', undefined])
      expect(mayChangePages(url), String(url)).toBe(false);
  });

  it('leaves out the calls that write only accounts and backups, spelled plainly', () => {
    for (const url of [
      '/api/admin/login',
      '/api/admin/logout?x=1',
      '/api/admin/password',
      '/api/admin/two-step',
      '/api/admin/administrators',
      '/api/admin/administrators/abc123/sessions',
      '/api/admin/administrators/removed/abc123/restore',
      '/api/admin/backups',
      '/api/admin/backups/download',
      '/api/admin/x/../login',
    ])
      expect(mayChangePages(url), url).toBe(false);
    // Every call that changes what visitors see, and any other spelling of the calls above.
    for (const url of [
      '/api/admin/settings',
      '/api/admin/who-we-are',
      '/api/admin/what-we-do',
      '/api/admin/upload',
      '/api/admin/events/abc/booking-page',
      '/api/admin/deleted/news/abc/restore',
      '/api/admin/activity/restore',
      '/api/objects/upload',
      '/api/news-images',
      '/api/admin/login/',
      '/api/admin/%6Cogin',
      '/api/admin/LOGIN',
      '/api/admin/administrators%2F..%2Fnews',
      '/api/admin/backups/a%20b',
      '/api/admin/login-and-more',
      '/api/admin/administratorsx',
    ])
      expect(mayChangePages(url), url).toBe(true);
  });
});
