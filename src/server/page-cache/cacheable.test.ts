import { describe, expect, it } from 'vitest';
import { cacheKey } from './cacheable.ts';

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
      '/news/abc-123',
      '/events/x_y',
      '/events/x_y.ics',
    ]) {
      expect(get(url), url).toBe(url);
    }
    expect(get('/news?page=2')).toBe('/news?page=2');
    expect(get('/news?page=1')).toBe('/news');
    expect(get('/news?utm_source=mail&page=3&fbclid=x')).toBe('/news?page=3');
    expect(get('/who-we-are?page=7')).toBe('/who-we-are');
    expect(cacheKey({ method: 'HEAD', url: '/', headers: {} })).toBe('/');
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
    ]) {
      expect(get(url), url).toBeNull();
    }
    expect(cacheKey({ method: 'POST', url: '/', headers: {} })).toBeNull();
  });

  it('never answers a signed-in administrator from memory', () => {
    expect(get('/', { cookie: 'club_session=abc' })).toBeNull();
    expect(get('/', { cookie: 'theme=dark; club_session=abc' })).toBeNull();
    expect(get('/', { authorization: 'Bearer abc' })).toBeNull();
    expect(get('/', { cookie: 'theme=dark' })).toBe('/');
  });
});
