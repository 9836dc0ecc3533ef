import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { useServer } from '../setup/server.ts';

// A pasted image address is fetched when it is saved: one that does not answer with an image is
// a field error saying what is wrong, and nothing is saved (src/core/images/image-url-check.ts).

eachDatabase('image addresses checked on save on $kind', (db) => {
  const suite = useServer(db, photoSiteEnv);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const as = (method: string, path: string, body: unknown) => call(suite, method, path, { token, body });

  it('refuses an address that answers 404, a web page, or nothing, with a message, and saves nothing', async () => {
    const before = (await call(suite, 'GET', '/api/gallery')).body.length;
    for (const [url, message] of [
      [`${photoSite()}/missing.jpg`, /answered 404: there is no image there/],
      [`${photoSite()}/page.html`, /does not lead to an image/],
      ['http://127.0.0.1:9/photo.jpg', /could not be reached/],
    ] as const) {
      const answer = await as('POST', '/api/admin/gallery', { imageUrl: url, caption: 'Broken' });
      expect(answer.status, url).toBe(400);
      expect(answer.body.errors.imageUrl, url).toMatch(message);
      expect(answer.body.message).toMatch(message);
      const event = await as('POST', '/api/admin/events', {
        name: 'x',
        date: '2030-01-01T10:00:00Z',
        comment: 'x',
        bookingUrl: 'https://booking.test/x',
        imageUrl: url,
      });
      expect(event.body.errors?.imageUrl, url).toMatch(message);
      const news = await as('POST', '/api/admin/news', { title: 'x', content: '<p>x</p>', publishedAt: '2026-11-01', imageUrl: url });
      expect(news.body.errors?.imageUrl, url).toMatch(message);
    }
    expect((await call(suite, 'GET', '/api/gallery')).body.length).toBe(before);
  });

  it('saves an address that answers with an image, and does not fetch it again for an edit that keeps it', async () => {
    const url = `${photoSite()}/kite.jpg`;
    const added = await as('POST', '/api/admin/gallery', { imageUrl: url, caption: 'Kite' });
    expect(added.status).toBe(201);
    const edited = await as('PUT', `/api/admin/gallery/${added.body.id}`, { imageUrl: url, caption: 'Kite day' });
    expect(edited.status).toBe(200);
    const changed = await as('PUT', `/api/admin/gallery/${added.body.id}`, {
      imageUrl: `${photoSite()}/missing-now.jpg`,
      caption: 'Kite day',
    });
    expect(changed.status).toBe(400);
    expect((await call(suite, 'GET', '/api/gallery')).body.find((item: { id: string }) => item.id === added.body.id).imageUrl).toBe(url);
    // The copy visitors get was made when it was saved.
    const gallery = await call(suite, 'GET', '/gallery');
    // The tile's image, as a browser loads it.
    const copy = /<img src="(\/images\/remote\/[0-9a-f]+\?u=[^"]+)"/.exec(gallery.text)![1]!.replace(/&amp;/g, '&');
    expect((await fetch(`${suite.url}${copy}`)).status).toBe(200);
  });
});
