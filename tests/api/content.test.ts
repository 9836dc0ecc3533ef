import { decodeHTMLAttribute } from 'entities';
import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

eachDatabase('content API on $kind', (db) => {
  const suite = useServer(db, photoSiteEnv);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const as = (method: string, path: string, body?: unknown) => call(suite, method, path, { token, body });

  it('answers empty lists and empty pages before anything is saved, never 404', async () => {
    expect((await call(suite, 'GET', '/api/news')).body).toEqual([]);
    expect((await call(suite, 'GET', '/api/events')).body).toEqual([]);
    expect((await call(suite, 'GET', '/api/gallery')).body).toEqual([]);
    const who = await call(suite, 'GET', '/api/who-we-are');
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ aboutUs: '', whoAreWe: '', contactEmail: '' });
    expect((await call(suite, 'GET', '/api/what-we-do')).body).toEqual({ mission: '', activities: '', impact: '' });
    const settings = await call(suite, 'GET', '/api/settings');
    expect(settings.body).toMatchObject({ clubName: expect.any(String), messagingGroupUrl: null, socialGroupUrl: null });
  });

  it('creates (201), reads, updates (200) and deletes (200 with JSON) a news item', async () => {
    const created = await as('POST', '/api/admin/news', {
      id: 'ignored-id',
      title: '  Sports day  ',
      content: '<p>Bring <strong>water</strong><script>alert(1)</script></p>',
      publishedAt: '2026-06-01',
      imageUrl: `${photoSite()}/photo.jpg`,
      unknownField: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Sports day',
      content: '<p>Bring <strong>water</strong></p>',
      publishedAt: '2026-05-31T23:00:00.000Z', // midnight in Europe/London during summer time
      imageUrl: `${photoSite()}/photo.jpg`,
    });
    expect(created.body.id).not.toBe('ignored-id');
    expect(created.body).not.toHaveProperty('unknownField');
    const id = created.body.id;

    expect((await call(suite, 'GET', `/api/news/${id}`)).body).toEqual(created.body);

    const updated = await as('PUT', `/api/admin/news/${id}`, {
      id,
      title: 'Sports day moved',
      content: '<p>Now on Saturday</p>',
      publishedAt: '2026-06-02T09:00:00.000Z',
    });
    expect(updated.status).toBe(200);
    // imageUrl was left out of the update: the stored image stays.
    expect(updated.body).toMatchObject({
      title: 'Sports day moved',
      publishedAt: '2026-06-02T09:00:00.000Z',
      imageUrl: `${photoSite()}/photo.jpg`,
    });

    const cleared = await as('PUT', `/api/admin/news/${id}`, { title: 'Sports day moved', publishedAt: '2026-06-02', imageUrl: null });
    expect(cleared.body.imageUrl).toBeNull();
    expect(cleared.body.content).toBe('<p>Now on Saturday</p>');

    const deleted = await as('DELETE', `/api/admin/news/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'News item deleted', id });
    expect((await call(suite, 'GET', `/api/news/${id}`)).status).toBe(404);
    expect((await as('DELETE', `/api/admin/news/${id}`)).status).toBe(404);
    expect((await as('PUT', `/api/admin/news/${id}`, { title: 'x', publishedAt: '2026-01-01' })).status).toBe(404);
  });

  it('lists news newest publication first', async () => {
    for (const [title, publishedAt] of [
      ['middle', '2026-03-01'],
      ['oldest', '2025-01-01'],
      ['newest', '2026-10-01'],
    ] as const) {
      expect((await as('POST', '/api/admin/news', { title, publishedAt, content: '' })).status).toBe(201);
    }
    const titles = (await call(suite, 'GET', '/api/news')).body.map((n: { title: string }) => n.title);
    expect(titles).toEqual(['newest', 'middle', 'oldest']);
  });

  it('lists upcoming events soonest first, then past events most recent first', async () => {
    const base = { comment: 'Fun', bookingUrl: 'https://tickets.example.org/e' };
    for (const [name, date] of [
      ['past-recent', daysFromNow(-2)],
      ['upcoming-later', daysFromNow(30)],
      ['past-old', daysFromNow(-90)],
      ['upcoming-soon', daysFromNow(3)],
    ] as const) {
      expect((await as('POST', '/api/admin/events', { ...base, name, date })).status).toBe(201);
    }
    const names = (await call(suite, 'GET', '/api/events')).body.map((e: { name: string }) => e.name);
    expect(names).toEqual(['upcoming-soon', 'upcoming-later', 'past-recent', 'past-old']);
  });

  it('creates, updates and deletes an event with all its fields', async () => {
    const created = await as('POST', '/api/admin/events', {
      name: 'Camping night',
      date: '2026-12-05T18:30',
      comment: 'Bring a torch',
      bookingUrl: 'https://tickets.example.org/camp',
      location: 'School field',
      organiser: 'Dave',
      imageUrl: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Camping night',
      date: '2026-12-05T18:30:00.000Z',
      location: 'School field',
      organiser: 'Dave',
      imageUrl: null,
      comment: 'Bring a torch',
    });
    const id = created.body.id;
    const updated = await as('PUT', `/api/admin/events/${id}`, { ...created.body, location: '', date: '2026-12-06T18:30:00.000Z' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ location: null, organiser: 'Dave', date: '2026-12-06T18:30:00.000Z' });
    expect((await call(suite, 'GET', `/api/events/${id}`)).body.location).toBeNull();
    const deleted = await as('DELETE', `/api/admin/events/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Event deleted', id });
    expect((await call(suite, 'GET', `/api/events/${id}`)).status).toBe(404);
  });

  it('adds, edits and deletes gallery images', async () => {
    const added = await as('POST', '/api/admin/gallery', { imageUrl: `${photoSite()}/a.jpg`, caption: 'Kite day' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ imageUrl: `${photoSite()}/a.jpg`, caption: 'Kite day' });
    const id = added.body.id;
    const edited = await as('PUT', `/api/admin/gallery/${id}`, { imageUrl: '/images/abc/photo.webp', caption: '' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ imageUrl: '/images/abc/photo.webp', caption: null });
    expect((await call(suite, 'GET', '/api/gallery')).body).toHaveLength(1);
    expect((await as('DELETE', `/api/admin/gallery/${id}`)).body).toEqual({ message: 'Gallery image deleted', id });
    expect((await call(suite, 'GET', '/api/gallery')).body).toEqual([]);
    expect((await as('PUT', `/api/admin/gallery/${id}`, { imageUrl: `${photoSite()}/a.jpg` })).status).toBe(404);
  });

  it("hands a caption with markup and quotes to the gallery's island as the very text, never as markup", async () => {
    const caption = `Dads' "day" </astro-island><script>alert(1)</script> & \\u003c \u00e9`;
    const added = await as('POST', '/api/admin/gallery', { imageUrl: `${photoSite()}/a.jpg`, caption });
    expect(added.status).toBe(201);
    const page = (await call(suite, 'GET', '/gallery')).text;
    // Outside attribute values (where `<` is a letter like any other: the link preview's
    // description of the photo is its caption, 112), nowhere.
    expect(page.replace(/="[^"]*"/g, '=""')).not.toContain('<script>alert(1)');
    const previewAlt = /<meta property="og:image:alt" content="([^"]*)"/.exec(page)![1]!;
    expect(decodeHTMLAttribute(previewAlt)).toBe(caption);
    // The island's props attribute, as a browser reads it: entities decoded, then Astro's JSON,
    // then the one JSON text the gallery's photos travel in.
    const attribute = /<astro-island[^>]*component-export="GalleryGridIsland"[^>]*props="([^"]*)"/.exec(page)![1]!;
    const props = JSON.parse(decodeHTMLAttribute(attribute)) as { itemsJson: [0, string] };
    const items = JSON.parse(props.itemsJson[1]) as { id: string; caption: string }[];
    expect(items.find((item) => item.id === added.body.id)?.caption).toBe(caption);
    await as('DELETE', `/api/admin/gallery/${added.body.id}`);
  });

  it('saves the two information pages and the site settings', async () => {
    // Until the club has a contact email, there is nobody to report a weakness to.
    expect((await call(suite, 'GET', '/.well-known/security.txt')).status).toBe(404);
    const who = await as('PUT', '/api/admin/who-we-are', {
      aboutUs: 'We are dads.\r\n\r\nWe help.',
      whoAreWe: 'The committee',
      contactEmail: 'club@example.org',
    });
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ aboutUs: 'We are dads.\n\nWe help.', whoAreWe: 'The committee', contactEmail: 'club@example.org' });
    // A field left out keeps its value.
    expect((await as('PUT', '/api/admin/who-we-are', { whoAreWe: 'New committee' })).body).toEqual({
      aboutUs: 'We are dads.\n\nWe help.',
      whoAreWe: 'New committee',
      contactEmail: 'club@example.org',
    });
    expect((await call(suite, 'GET', '/api/who-we-are')).body.whoAreWe).toBe('New committee');

    const what = await as('PUT', '/api/admin/what-we-do', { activities: 'Camping', mission: 'Help', impact: 'Lots' });
    expect(what.body).toEqual({ mission: 'Help', activities: 'Camping', impact: 'Lots' });
    expect((await call(suite, 'GET', '/api/what-we-do')).body).toEqual(what.body);

    const settings = await as('PUT', '/api/admin/settings', {
      clubName: 'Oakfield Dads',
      tagline: 'Dads doing things',
      messagingGroupUrl: 'https://chat.whatsapp.com/abc',
      socialGroupUrl: 'https://www.facebook.com/groups/oakfield',
      contactEmail: 'dads@example.org',
      logoUrl: null,
    });
    expect(settings.status).toBe(200);
    expect((await call(suite, 'GET', '/api/settings')).body).toEqual({
      clubName: 'Oakfield Dads',
      tagline: 'Dads doing things',
      messagingGroupUrl: 'https://chat.whatsapp.com/abc',
      socialGroupUrl: 'https://www.facebook.com/groups/oakfield',
      contactEmail: 'dads@example.org',
      logoUrl: null,
      heroImageUrl: null,
      accentColor: null,
    });
    // RFC 9116: who to tell of a weakness in the site, the club's contact, and until when.
    const security = await call(suite, 'GET', '/.well-known/security.txt');
    expect(security.status).toBe(200);
    expect(security.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(security.text).toMatch(
      new RegExp(
        `^Contact: mailto:dads@example\\.org\nExpires: (\\S+)\nPreferred-Languages: en\nCanonical: https?://\\S+/\\.well-known/security\\.txt\n$`,
      ),
    );
    const expires = Date.parse(/Expires: (\S+)/.exec(security.text)![1]!);
    expect(expires).toBeGreaterThan(Date.now() + 30 * 86_400_000);
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
  });

  it('answers 404 with JSON for unknown ids and unknown API paths', async () => {
    for (const path of ['/api/news/nope', '/api/events/nope', '/api/news/..%2f..%2fetc', '/api/not-a-route']) {
      const response = await call(suite, 'GET', path);
      expect(response.status, path).toBe(404);
      expect(response.body.message, path).toEqual(expect.any(String));
    }
  });
});
