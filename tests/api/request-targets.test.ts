import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { sqliteDb } from '../setup/databases.ts';
import { create, uploadImage } from '../setup/fill-site.ts';
import { useServer, type SuiteServer } from '../setup/server.ts';

// Every spelling of an address is read the same way by the static files, the page cache, the guard
// and Astro's router (src/server/http/request-target.ts). The page cache once read `//rss.xml` as
// the home page, rendered the feed and kept it there: one request from anybody, and every visitor
// got XML for the home page until the next write.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Sends `target` as it is (fetch would tidy back slashes, and never sends an absolute form). */
function send(base: string, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target, headers: { ...headers, connection: 'close' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll('&#39;', "'");

/** What each public page must be, whatever was asked before it. */
const PAGES: [path: string, contentType: RegExp, looksLike: (text: string) => boolean][] = [
  ['/', /^text\/html/, (text) => titleOf(text) === "Oakfield Dads' Club"],
  ['/news', /^text\/html/, (text) => titleOf(text)?.startsWith('Latest News') === true],
  ['/events', /^text\/html/, (text) => titleOf(text)?.startsWith('Events') === true],
  ['/gallery', /^text\/html/, (text) => titleOf(text)?.startsWith('Image Gallery') === true],
  ['/who-we-are', /^text\/html/, (text) => titleOf(text)?.startsWith('Who We Are') === true],
  ['/rss.xml', /^application\/rss\+xml/, (text) => text.includes('<rss')],
  ['/events.ics', /^text\/calendar/, (text) => text.startsWith('BEGIN:VCALENDAR')],
];

describe('request targets on sqlite', () => {
  const suite: SuiteServer = useServer(sqliteDb);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
    const settings = await call(suite, 'PUT', '/api/admin/settings', { token, body: { clubName: "Oakfield Dads' Club" } });
    expect(settings.status).toBe(200);
  });

  it('keeps each page under its own address, whatever spelling of another was asked for first', async () => {
    const attempts: [target: string, host?: string][] = [
      ['//rss.xml'],
      ['//news'],
      ['/\\events'],
      ['//x/events.ics'],
      ['///gallery'],
      ['//who-we-are/'],
      ['http://evil.example/gallery'],
      ['http://evil.example/who-we-are'],
      ['http://evil.example//rss.xml'],
      // Astro pastes the Host header before the target too.
      ['/news', 'a b'],
      ['/events', 'localhost:99999'],
      ['/', 'x/rss.xml'],
      ['/gallery', 'x#y'],
      ['/who-we-are', 'x?y'],
    ];
    // A write empties the cache: each attempt below is the first request for its page.
    for (const [target, host] of attempts) {
      const attempt = `${target}${host === undefined ? '' : ` (Host: ${host})`}`;
      const created = await call(suite, 'POST', '/api/admin/news', {
        token,
        body: { title: 'Poison?', publishedAt: '2026-11-01', content: '<p>x</p>' },
      });
      expect(created.status).toBe(201);
      const answer = await send(suite.url, 'GET', target, host === undefined ? {} : { host });
      expect(answer.status, attempt).toBeLessThan(500);
      for (const [path, contentType, looksLike] of PAGES) {
        for (let time = 0; time < 2; time++) {
          const page = await send(suite.url, 'GET', path);
          expect(page.status, `${path} after ${attempt}`).toBe(200);
          expect(page.headers['content-type'], `${path} after ${attempt}`).toMatch(contentType);
          expect(looksLike(page.text), `${path} after ${attempt}: ${page.text.slice(0, 200)}`).toBe(true);
          if (time === 1) expect(page.headers['x-cache'], `${path} after ${attempt}`).toBe('HIT');
        }
      }
      if (host !== undefined)
        expect(JSON.parse(answer.text), attempt).toEqual({ message: 'This request names no valid host (its Host header).' });
    }
  });

  it("sends doubled, back and trailing slashes to the page's one address, and never to another host", async () => {
    const moves: [target: string, location: string][] = [
      ['//news?page=2', '/news?page=2'],
      ['/news/', '/news'],
      ['//rss.xml', '/rss.xml'],
      ['/\\evil.example', '/evil.example'],
      ['//evil.example/', '/evil.example'],
      ['/\\/\\evil.example/x', '/evil.example/x'],
      ['//admin', '/admin'],
      ['/admin//dashboard', '/admin/dashboard'],
      ['/api//news', '/api/news'],
      ['http://evil.example//news/', '/news'],
    ];
    for (const [target, location] of moves) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await send(suite.url, method, target);
        expect(answer.status, `${method} ${target}`).toBe(301);
        expect(answer.headers.location, `${method} ${target}`).toBe(location);
        expect(answer.headers['x-content-type-options'], target).toBe('nosniff');
        expect(answer.headers['set-cookie'], target).toBeUndefined();
      }
    }
    // Absolute form (what a proxy sends) is read as its path; the host it names is not this site's business.
    const absolute = await send(suite.url, 'GET', 'http://evil.example/events');
    expect(absolute.status).toBe(200);
    expect(titleOf(absolute.text)).toMatch(/^Events/);
    // A target that names no path at all.
    const nowhere = await send(suite.url, 'GET', '*');
    expect(nowhere.status).toBe(400);
    expect(JSON.parse(nowhere.text)).toEqual({ message: 'This address cannot be read: it names no page of this site.' });
  });

  it('reads a write to a doubled-slash address as the API call it is: guarded, and seen on the next page', async () => {
    const title = 'Written through a doubled slash';
    const body = JSON.stringify({ title, publishedAt: '2026-11-02', content: '<p>y</p>' });
    const json = { 'content-type': 'application/json' };
    expect((await send(suite.url, 'GET', '/news')).text).not.toContain(title);
    expect((await send(suite.url, 'POST', '//api/admin/news', json, body)).status).toBe(401);
    const written = await send(suite.url, 'POST', '//api//admin/news/', { ...json, authorization: `Bearer ${token}` }, body);
    expect(written.status).toBe(201);
    expect((await send(suite.url, 'GET', '/news')).text).toContain(title);
    // The sign-in's check of where a browser's form came from applies under every spelling.
    const login = JSON.stringify({ username: 'admin', password: 'wrong' });
    const foreign = await send(suite.url, 'POST', '//api/admin/login', { ...json, origin: 'https://evil.example' }, login);
    expect(foreign.status).toBe(403);
  });

  it('never gives a visitor a withdrawn photo from memory, however its address is spelled (148)', async () => {
    const image = await uploadImage(suite.url, token, 31);
    const id = image.split('/').pop()!;
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'Taken down on request' });
    const spellings = [
      `${image}/320.webp`,
      `${image}/320.webp?utm_source=group`,
      `${image}/320.webp?`,
      `/images/x/../${id}/320.webp`,
      `/images/${id}/./320.webp`,
      `/images/${id}//320.webp`,
      `//images/${id}/320.webp`,
      `/%69mages/${id}/320.webp`,
      `/images/${id}%2F320.webp`,
      `/images/${id}/320%2Ewebp`,
      `/images/${id}/320.webp/`,
      `/images/${id}/320.webp%00`,
      `/images/${id}/320.webp%09`,
      `/images/${id.toUpperCase()}/320.webp`,
      `/images/${id}/0320.webp`,
      `http://evil.example/images/${id}/320.webp`,
    ];
    // Each spelling asked twice while the photo is shown: whatever the cache keeps, it keeps now.
    for (const target of spellings) for (let time = 0; time < 2; time++) await send(suite.url, 'GET', target);
    expect((await send(suite.url, 'GET', `${image}/320.webp`)).headers['x-cache']).toBe('HIT');

    expect((await call(suite, 'DELETE', `/api/admin/gallery/${photo.id}`, { token })).status).toBe(200);
    for (const target of spellings)
      for (const method of ['GET', 'HEAD']) {
        const answer = await send(suite.url, method, target);
        expect(answer.status, `${method} ${target}`).not.toBe(200);
        expect(answer.status, `${method} ${target}`).toBeLessThan(500);
        expect(answer.headers['x-cache'], `${method} ${target}`).not.toBe('HIT');
        // A redirect to a tidier spelling leads to the photo's one address, which is gone.
        if (answer.status === 301) expect((await send(suite.url, 'GET', answer.headers.location!)).status, target).toBe(404);
      }
  });
});
