/* eslint-disable no-control-regex -- these tests look for control characters in the output */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';

const NUL = '\u0000';
const news = { title: 'Hello', publishedAt: '2026-11-01', content: '<p>x</p>' };
const event = { name: 'Fair', date: '2026-12-01T10:00:00Z', comment: 'Fun', bookingUrl: 'https://tickets.example.org/fair' };

/** Every text field of every write, with the label its error message names. */
const TEXT_FIELDS: [method: string, path: string, base: Record<string, unknown>, field: string, label: string][] = [
  ['POST', '/api/admin/news', news, 'title', 'Title'],
  ['POST', '/api/admin/news', news, 'content', 'Content'],
  ['POST', '/api/admin/news', news, 'publishedAt', 'Publication date'],
  ['POST', '/api/admin/news', news, 'imageUrl', 'Image'],
  ['POST', '/api/admin/events', event, 'name', 'Event name'],
  ['POST', '/api/admin/events', event, 'comment', 'Description'],
  ['POST', '/api/admin/events', event, 'location', 'Location'],
  ['POST', '/api/admin/events', event, 'organiser', 'Organiser'],
  ['POST', '/api/admin/events', event, 'bookingUrl', 'Booking URL'],
  ['POST', '/api/admin/events', event, 'imageUrl', 'Event image'],
  ['POST', '/api/admin/gallery', { imageUrl: 'https://photos.example.org/a.jpg' }, 'caption', 'Caption'],
  ['PUT', '/api/admin/who-we-are', {}, 'aboutUs', 'About Us'],
  ['PUT', '/api/admin/who-we-are', {}, 'whoAreWe', 'Who Are We?'],
  ['PUT', '/api/admin/who-we-are', {}, 'contactEmail', 'Contact email'],
  ['PUT', '/api/admin/what-we-do', {}, 'mission', 'Our Mission'],
  ['PUT', '/api/admin/what-we-do', {}, 'activities', 'Activities'],
  ['PUT', '/api/admin/what-we-do', {}, 'impact', 'Our Impact'],
  ['PUT', '/api/admin/settings', {}, 'clubName', 'Club name'],
  ['PUT', '/api/admin/settings', {}, 'tagline', 'Tagline'],
  ['PUT', '/api/admin/settings', {}, 'messagingGroupUrl', 'Messaging group link'],
  ['PUT', '/api/admin/settings', {}, 'contactEmail', 'Contact email'],
  ['POST', '/api/admin/administrators', { password: 'long-enough-password' }, 'username', 'Username'],
  ['POST', '/api/admin/administrators', { username: 'newbie' }, 'password', 'Password'],
  ['POST', '/api/admin/administrators', { username: 'newbie', password: 'long-enough-password' }, 'currentPassword', 'Your password'],
  ['PUT', '/api/admin/password', { newPassword: 'long-enough-password' }, 'currentPassword', 'Your password'],
  ['PUT', '/api/admin/password', { currentPassword: 'whatever' }, 'newPassword', 'Password'],
  ['POST', '/api/admin/backups', {}, 'currentPassword', 'Your password'],
  ['PUT', '/api/admin/two-step', { secret: 'A'.repeat(32), currentPassword: 'whatever' }, 'code', 'Code'],
];

eachDatabase('hostile input on $kind', (db) => {
  const suite = useServer(db);
  const handle = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const as = (method: string, path: string, body?: unknown) => call(suite, method, path, { token, body });

  it('refuses a NUL or another control character in every text field with a 400 naming the field', async () => {
    for (const [method, path, base, field, label] of TEXT_FIELDS) {
      for (const bad of [`a${NUL}b`, 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b']) {
        const value = field.toLowerCase().includes('url')
          ? `https://example.org/${bad}`
          : field === 'publishedAt'
            ? `2026-11-01${bad}`
            : bad;
        const response = await as(method, path, { ...base, [field]: value });
        expect(response.status, `${path} ${field} ${JSON.stringify(bad)}: ${response.text}`).toBe(400);
        expect(response.body.errors?.[field], `${path} ${field}`).toMatch(new RegExp(`^${label.replace('?', '\\?')} `));
      }
    }
    // Signing in needs no session, and a NUL there used to reach the database.
    const login = await call(suite, 'POST', '/api/admin/login', { body: { username: `admin${NUL}`, password: 'whatever' } });
    expect(login.status).toBe(400);
    expect(login.body.errors.username).toBe('Username contains invisible control characters; please remove them');
    for (const [field, label] of [
      ['password', 'Password'],
      ['code', 'Code'],
    ] as const) {
      const refused = await call(suite, 'POST', '/api/admin/login', {
        body: { username: 'admin', password: 'whatever', [field]: `1${NUL}2` },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[field]).toBe(`${label} contains invisible control characters; please remove them`);
    }
    expect((await as('GET', '/api/news')).body).toEqual([]);
  });

  it('keeps tabs and line breaks where a field allows them', async () => {
    const saved = await as('PUT', '/api/admin/who-we-are', { aboutUs: 'Line one\n\tindented\r\nline two' });
    expect(saved.status).toBe(200);
    expect(saved.body.aboutUs).toBe('Line one\n\tindented\nline two');
    const created = await as('POST', '/api/admin/events', { ...event, comment: 'First\n\nSecond\twith a tab' });
    expect(created.status).toBe(201);
    expect(created.body.comment).toBe('First\n\nSecond\twith a tab');
    await as('DELETE', `/api/admin/events/${created.body.id}`);
  });

  it('refuses links with a user name or password, line breaks, or local hosts', async () => {
    const cases: [string, RegExp][] = [
      ['https://user:secret@tickets.example.org/x', /must not contain a user name or password/],
      ['https://tickets.example.org/x\r\nSet-Cookie: a=b', /must not contain spaces, line breaks/],
      ['https://tickets.example.org/\nx', /must not contain spaces, line breaks/],
      ['https://tick\tets.example.org/', /must not contain spaces, line breaks/],
      ['http://localhost:8080/admin', /not a local or private one/],
      ['http://127.0.0.1/', /not a local or private one/],
      ['http://[::1]/', /not a local or private one/],
      ['http://[::ffff:127.0.0.1]/', /not a local or private one/],
      ['http://2130706433/', /not a local or private one/],
      ['http://0x7f.1/', /not a local or private one/],
      ['http://192.168.1.1/router', /not a local or private one/],
      ['http://169.254.169.254/latest/meta-data/', /not a local or private one/],
    ];
    for (const [url, message] of cases) {
      const booking = await as('POST', '/api/admin/events', { ...event, bookingUrl: url });
      expect(booking.status, url).toBe(400);
      expect(booking.body.errors.bookingUrl, url).toMatch(message);
      const image = await as('POST', '/api/admin/news', { ...news, imageUrl: url });
      expect(image.status, url).toBe(400);
      expect(image.body.errors.imageUrl, url).toMatch(message);
      const link = await as('PUT', '/api/admin/settings', { socialGroupUrl: url });
      expect(link.status, url).toBe(400);
      expect(link.body.errors.socialGroupUrl, url).toMatch(message);
    }
  });

  it('never fetches an image at a local address given inside news HTML, in any spelling', async () => {
    // A service on every loopback address of this machine, as an attacker would hope to reach.
    const hits: string[] = [];
    const service = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' }).end('secret');
    });
    await new Promise<void>((resolve) => service.listen(0, '::', resolve));
    const port = (service.address() as AddressInfo).port;
    try {
      const hosts = ['[::ffff:127.0.0.1]', '[0:0:0:0:0:ffff:7f00:1]', '[::1]', '127.0.0.1', '2130706433', 'localhost', '[64:ff9b::7f00:1]'];
      const content = hosts.map((host) => `<p><img src="http://${host}:${port}/x.png" alt="x"></p>`).join('');
      const created = await as('POST', '/api/admin/news', { ...news, content });
      expect(created.status).toBe(201);
      const page = await call(suite, 'GET', `/news/${created.body.id}`);
      const links = [...page.text.matchAll(/src="(\/images\/remote\/[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
      expect(links.length).toBeGreaterThanOrEqual(hosts.length);
      for (const link of links) expect((await call(suite, 'GET', link)).status, link).toBe(404);
      expect(hits).toEqual([]);
      await as('DELETE', `/api/admin/news/${created.body.id}`);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });

  it('keeps the feeds valid whatever control characters were stored before the rules existed', async () => {
    const created = await as('POST', '/api/admin/news', { ...news, title: 'Clean title' });
    const eventCreated = await as('POST', '/api/admin/events', { ...event, date: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    // Written straight into the database, as an older version or another tool might have.
    await handle()
      .updateTable('newsItems')
      .set({ title: 'Bell\u0007 and\u000b vertical tab', content: '<p>Form\u000cfeed \u0001 here</p>' })
      .where('id', '=', created.body.id)
      .execute();
    await handle()
      .updateTable('events')
      .set({ name: 'Fair\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Injected', comment: 'Line\u000bone\u000ctwo\r\nthree', location: 'Hall\u0008' })
      .where('id', '=', eventCreated.body.id)
      .execute();

    const rss = await call(suite, 'GET', '/rss.xml');
    expect(rss.status).toBe(200);
    expect(rss.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const feed = await new Parser().parseString(rss.text);
    expect(feed.items[0]!.title).toBe('Bell and vertical tab');

    for (const path of ['/events.ics', `/events/${eventCreated.body.id}.ics`]) {
      const ics = await call(suite, 'GET', path);
      expect(ics.status).toBe(200);
      // Only CR LF line ends, and no other control character a reader could take as one.
      expect(ics.text.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
      const calendar = new ICAL.Component(ICAL.parse(ics.text));
      const events = calendar.getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      expect(events[0]!.getFirstPropertyValue('summary')).toBe('Fair\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Injected');
    }
  });
  it('answers 405 with Allow to a method an address does not take: HTML on pages, JSON on the API', async () => {
    const origin = { origin: suite.url };
    for (const [method, path] of [
      ['POST', '/'],
      ['PUT', '/news'],
      ['DELETE', '/admin/dashboard'],
      ['POST', '/rss.xml'],
      ['OPTIONS', '/gallery'],
    ] as const) {
      const response = await call(suite, method, path, { headers: origin, body: '{}' });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), path).toBe('GET, HEAD');
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.text, path).toContain(`This address does not take ${method} requests; it answers GET, HEAD.`);
    }
    for (const [method, path, allow] of [
      ['POST', '/api/news', 'GET, HEAD'],
      ['PUT', '/api/admin/news', 'GET, POST, HEAD'],
      ['POST', '/api/admin/news/abc123', 'PUT, DELETE'],
      ['DELETE', '/api/who-we-are', 'GET, HEAD'],
      ['PATCH', '/api/admin/login', 'POST'],
    ] as const) {
      const response = await call(suite, method, path, { token, headers: origin, body: '{}' });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), path).toBe(allow);
      expect(response.body, path).toEqual({ message: `This address does not take ${method} requests; it answers ${allow}.` });
    }
    // The methods an endpoint declares still reach it, strangers get 401 from the administrators'
    // calls whatever the method, and unknown API paths keep their JSON 404.
    expect((await call(suite, 'POST', '/api/admin/news', { token, headers: origin, body: '{}' })).status).toBe(400);
    expect((await call(suite, 'GET', '/api/admin/news', { headers: origin })).status).toBe(401);
    expect((await call(suite, 'POST', '/api/nothing-here', { headers: origin, body: '{}' })).body).toEqual({
      message: 'There is no such API endpoint.',
    });
  });
  it('answers an address with a broken %-escape: a 400 that says why from the API, the not-found page elsewhere', async () => {
    for (const path of ['/api/news/%E0%A4%A', '/api/events?page=%']) {
      const response = await call(suite, 'GET', path);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(response.body.message, path).toBe('This address cannot be read: it has a broken %-escape.');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    // A person who followed a mangled link sees the site, not JSON.
    for (const path of ['/%E0%A4%A', '/news/%E0%A4%A', '/news/100%', '/_astro/%ZZ.js', '/gallery?page=%', '/events/%C0%AF..%C0%AF']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await call(suite, method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        if (method === 'GET') expect(response.text, path).toContain('404 Page Not Found');
      }
    }
  });
});
