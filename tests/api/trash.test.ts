import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { fakeClockEnv, setFakeClock } from '../setup/fake-clock.ts';
import { create, daysFromNow, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';
import { STORED_IMAGE_CACHE } from '../../src/server/http/headers.ts';

// Undo for deletes (docs/decisions/020-recently-deleted.md): a deleted item leaves the site at
// once, stays restorable for 30 days with its image, then goes for ever by itself.

const DAY = 86_400_000;

eachDatabase('recently deleted on $kind', (db) => {
  const clockFile = path.join(process.env.TMPDIR ?? '/tmp', `club-trash-clock-${db.kind}-${process.pid}`);
  const suite = useServer(db, fakeClockEnv(clockFile));
  let token: string;
  beforeAll(async () => {
    setFakeClock(clockFile, Date.now());
    token = await login(suite);
  });
  const as = (method: string, url: string, body?: unknown) => call(suite, method, url, { token, body });

  it('hides a deleted item everywhere at once, lists it, and restores it as it was', async () => {
    const image = await uploadImage(suite.url, token, 5);
    const news = await create(suite.url, token, '/api/admin/news', {
      title: 'Oops, deleted',
      content: '<p>Keep me</p>',
      publishedAt: '2026-11-01',
      imageUrl: image,
    });
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Deleted walk',
      date: daysFromNow(5),
      comment: 'x',
      bookingUrl: 'https://booking.example.org/w',
    });
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'Deleted photo' });

    expect((await as('DELETE', `/api/admin/news/${news.id}`)).body).toEqual({ message: 'News item deleted', id: news.id });
    expect((await as('DELETE', `/api/admin/events/${event.id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/gallery/${photo.id}`)).status).toBe(200);
    // Deleting it twice is not found: it is already deleted.
    expect((await as('DELETE', `/api/admin/news/${news.id}`)).status).toBe(404);

    for (const [list, text] of [
      ['/api/news', 'Oops, deleted'],
      ['/api/events', 'Deleted walk'],
      ['/api/gallery', 'Deleted photo'],
      ['/news', 'Oops, deleted'],
      ['/events', 'Deleted walk'],
      ['/gallery', 'Deleted photo'],
      ['/rss.xml', 'Oops, deleted'],
      ['/events.ics', 'Deleted walk'],
      ['/sitemap.xml', news.id],
      ['/', 'Deleted walk'],
    ]) {
      expect((await call(suite, 'GET', list)).text.includes(text), `${list} still shows ${text}`).toBe(false);
    }
    expect((await call(suite, 'GET', `/news/${news.id}`)).status).toBe(404);
    expect((await call(suite, 'GET', `/api/news/${news.id}`)).status).toBe(404);
    expect(
      (await as('PUT', `/api/admin/news/${news.id}`, { title: 'Edited', content: '<p>x</p>', publishedAt: '2026-11-01' })).status,
    ).toBe(404);
    // Its image stays while it can come back, for administrators alone (withdrawn, below).
    expect((await fetch(`${suite.url}${image}/320.webp`)).status).toBe(404);
    expect((await fetch(`${suite.url}${image}/320.webp`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    const deleted = await as('GET', '/api/admin/deleted/news');
    expect(deleted.status).toBe(200);
    const entry = deleted.body.find((item: { id: string }) => item.id === news.id);
    expect(entry).toMatchObject({ label: 'Oops, deleted', imageUrl: image });
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * DAY);
    expect((await as('GET', '/api/admin/deleted/gallery')).body[0]).toMatchObject({ id: photo.id, label: 'Deleted photo' });
    expect((await as('GET', '/api/admin/deleted/events')).body[0]).toMatchObject({ id: event.id, label: 'Deleted walk' });

    expect((await as('POST', `/api/admin/deleted/news/${news.id}/restore`)).body).toEqual({ message: 'Restored', id: news.id });
    const back = await call(suite, 'GET', `/api/news/${news.id}`);
    expect(back.body).toMatchObject({ title: 'Oops, deleted', content: '<p>Keep me</p>', imageUrl: image });
    expect((await call(suite, 'GET', '/news')).text).toContain('Oops, deleted');
    expect((await as('GET', '/api/admin/deleted/news')).body.some((item: { id: string }) => item.id === news.id)).toBe(false);
    expect((await as('POST', `/api/admin/deleted/news/${news.id}/restore`)).status).toBe(404);
  });

  it('withdraws an image from visitors as soon as only deleted items use it, and serves it again on restore', async () => {
    const image = await uploadImage(suite.url, token, 8);
    const shared = await uploadImage(suite.url, token, 9);
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'A child without consent' });
    const news = await create(suite.url, token, '/api/admin/news', {
      title: 'Sports day',
      content: '<p>x</p>',
      publishedAt: '2026-11-01',
      imageUrl: shared,
    });
    await create(suite.url, token, '/api/admin/events', {
      name: 'Sports day again',
      date: daysFromNow(5),
      comment: 'x',
      bookingUrl: 'https://booking.example.org/s',
      imageUrl: shared,
    });
    // The master, a variant in each format, and a width that was not stored (a redirect).
    const files = [image, `${image}/320.webp`, `${image}/640.avif`, `${image}/1900.webp`];
    const visitor = (url: string) => fetch(`${suite.url}${url}`, { redirect: 'manual' });
    const admin = (url: string) => fetch(`${suite.url}${url}`, { redirect: 'manual', headers: { cookie: `club_session=${token}` } });
    for (const file of files) expect([200, 301], file).toContain((await visitor(file)).status);
    // Photos are answered from memory (docs/decisions/148): the delete must reach that too.
    for (const file of files.slice(0, 3)) expect((await visitor(file)).headers.get('x-cache'), file).toBe('HIT');

    expect((await as('DELETE', `/api/admin/gallery/${photo.id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/news/${news.id}`)).status).toBe(200);
    for (const file of files) {
      const hidden = await visitor(file);
      expect(hidden.status, file).toBe(404);
      expect(hidden.headers.get('cache-control'), file).toBe('no-cache');
      // The administrator's list of the recently deleted still shows it, and no shared cache keeps it.
      const seen = await admin(file);
      expect([200, 301], file).toContain(seen.status);
      expect(seen.headers.get('cache-control'), file).toBe('private, no-store');
    }
    expect((await fetch(`${suite.url}${image}/320.webp`, { headers: { cookie: 'club_session=forged' } })).status).toBe(404);
    // Still shown by a live event: not withdrawn.
    expect((await visitor(`${shared}/320.webp`)).status).toBe(200);
    expect((await visitor(`${shared}/320.webp`)).headers.get('cache-control')).toBe(STORED_IMAGE_CACHE);

    expect((await as('POST', `/api/admin/deleted/gallery/${photo.id}/restore`)).status).toBe(200);
    for (const file of files) {
      const back = await visitor(file);
      expect([200, 301], file).toContain(back.status);
      expect(back.headers.get('cache-control'), file).toBe(STORED_IMAGE_CACHE);
    }
  });

  it("withdraws a picture an edit replaced at once, while it waits out its 'Undo', and serves it again when put back", async () => {
    const consent = await uploadImage(suite.url, token, 10);
    const replacement = await uploadImage(suite.url, token, 11);
    const oldLogo = await uploadImage(suite.url, token, 12);
    const newLogo = await uploadImage(suite.url, token, 13);
    // An upload no form has saved yet is not withdrawn: nothing let it go.
    expect((await fetch(`${suite.url}${consent}/320.webp`)).status).toBe(200);
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: consent, caption: 'Sack race' });
    expect((await as('PUT', '/api/admin/settings', { logoUrl: oldLogo })).status).toBe(200);

    expect((await as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl: replacement, caption: 'Sack race' })).status).toBe(200);
    expect((await as('PUT', '/api/admin/settings', { logoUrl: newLogo })).status).toBe(200);
    for (const file of [consent, `${consent}/320.webp`, oldLogo, `${oldLogo}/640.avif`]) {
      const hidden = await fetch(`${suite.url}${file}`);
      expect(hidden.status, file).toBe(404);
      // Still on the server for the administrators' 'Undo', out of every shared cache.
      const seen = await fetch(`${suite.url}${file}`, { headers: { cookie: `club_session=${token}` } });
      expect(seen.status, file).toBe(200);
      expect(seen.headers.get('cache-control'), file).toBe('private, no-store');
    }
    for (const file of [replacement, newLogo]) expect((await fetch(`${suite.url}${file}/320.webp`)).status, file).toBe(200);

    // 'Undo' puts the first picture back: everyone's again, and the replacement is let go.
    expect((await as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl: consent, caption: 'Sack race' })).status).toBe(200);
    const back = await fetch(`${suite.url}${consent}/320.webp`);
    expect(back.status).toBe(200);
    expect(back.headers.get('cache-control')).toBe(STORED_IMAGE_CACHE);
    expect((await fetch(`${suite.url}${replacement}/320.webp`)).status).toBe(404);
  });

  it('deletes for ever on request, releasing an image nothing else shows', async () => {
    const image = await uploadImage(suite.url, token, 6);
    const news = await create(suite.url, token, '/api/admin/news', {
      title: 'For ever',
      content: '<p>x</p>',
      publishedAt: '2026-11-01',
      imageUrl: image,
    });
    await as('DELETE', `/api/admin/news/${news.id}`);
    // Not yet deleted for ever: the live item is not in the recently deleted.
    const live = await create(suite.url, token, '/api/admin/news', { title: 'Live', content: '<p>x</p>', publishedAt: '2026-11-01' });
    expect((await as('DELETE', `/api/admin/deleted/news/${live.id}`)).status).toBe(404);

    expect((await as('DELETE', `/api/admin/deleted/news/${news.id}`)).body).toEqual({ message: 'Deleted for ever', id: news.id });
    expect((await as('POST', `/api/admin/deleted/news/${news.id}/restore`)).status).toBe(404);
    for (let i = 0; i < 50 && (await fetch(`${suite.url}${image}/320.webp`)).status === 200; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`${suite.url}${image}/320.webp`)).status).toBe(404);
  });

  it('restores or deletes for ever once, however many tabs ask at the same moment', async () => {
    const news = await create(suite.url, token, '/api/admin/news', { title: 'Raced', content: '<p>x</p>', publishedAt: '2026-11-01' });
    await as('DELETE', `/api/admin/news/${news.id}`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? as('POST', `/api/admin/deleted/news/${news.id}/restore`) : as('DELETE', `/api/admin/deleted/news/${news.id}`),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 404)).toBe(true);
    const restored = answers.find((answer) => answer.status === 200)!.body.message === 'Restored';
    expect((await call(suite, 'GET', `/api/news/${news.id}`)).status).toBe(restored ? 200 : 404);
  });

  it('refuses unknown lists and visitors', async () => {
    expect((await as('GET', '/api/admin/deleted/photos')).status).toBe(404);
    expect((await call(suite, 'GET', '/api/admin/deleted/news')).status).toBe(401);
    expect((await call(suite, 'POST', '/api/admin/deleted/news/abc/restore')).status).toBe(401);
  });

  it('goes for ever by itself 30 days after it was deleted, with its image', async () => {
    const image = await uploadImage(suite.url, token, 7);
    const old = await create(suite.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'Thirty days' });
    await as('DELETE', `/api/admin/gallery/${old.id}`);
    setFakeClock(clockFile, Date.now() + 29 * DAY);
    await suite.restart();
    expect(
      (await call(suite, 'GET', '/api/admin/deleted/gallery', { token: await login(suite) })).body.some(
        (item: { id: string }) => item.id === old.id,
      ),
    ).toBe(true);
    setFakeClock(clockFile, Date.now() + 31 * DAY);
    await suite.restart();
    token = await login(suite);
    for (
      let i = 0;
      i < 50 && (await as('GET', '/api/admin/deleted/gallery')).body.some((item: { id: string }) => item.id === old.id);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await as('GET', '/api/admin/deleted/gallery')).body.some((item: { id: string }) => item.id === old.id)).toBe(false);
    expect((await fetch(`${suite.url}${image}/320.webp`)).status).toBe(404);
  }, 60_000);
});
