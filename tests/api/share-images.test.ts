import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { create, daysFromNow, uploadImage } from '../setup/fill-site.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { useServer } from '../setup/server.ts';
import { SHARE_MAX_BYTES } from '../../src/core/images/share-copy.ts';
import { PICTURES_NOT_INDEXED } from '../../src/server/http/headers.ts';

// Link previews (WhatsApp above all, where parents share an event) show no WebP: each page names
// a JPEG copy of its picture, drawn once on the first request (docs/decisions/087).

const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

eachDatabase('pictures for link previews on $kind', (db) => {
  const suite = useServer(db, photoSiteEnv);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const page = async (url: string) => (await fetch(`${suite.url}${url}`)).text();
  const local = (absolute: string) => absolute.replace(/^https?:\/\/[^/]+/, suite.url);

  it("names a JPEG of the event's photo, of the size it says, drawn once however many ask at once", async () => {
    const imageUrl = await uploadImage(suite.url, token, 3);
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Den day',
      date: daysFromNow(4),
      comment: 'Bring rope.',
      bookingUrl: 'https://tickets.example.org/den',
      imageUrl,
    });
    const html = await page(`/events/${event.id}`);
    const image = meta(html, 'og:image')!;
    expect(image).toMatch(new RegExp(`${imageUrl}/share\\.jpg$`));
    expect(meta(html, 'twitter:image')).toBe(image);
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');

    const answers = await Promise.all(Array.from({ length: 12 }, () => fetch(local(image))));
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(answers.map((answer) => [answer.status, answer.headers.get('content-type')])).toEqual(Array(12).fill([200, 'image/jpeg']));
    // Link previews fetch it; image search is asked to leave it out (104), the page is not.
    expect(answers[0]!.headers.get('x-robots-tag')).toBe(PICTURES_NOT_INDEXED);
    expect((await fetch(`${suite.url}/events/${event.id}`)).headers.get('x-robots-tag')).toBeNull();
    expect(new Set(bodies.map((body) => body.toString('base64'))).size).toBe(1);
    const drawn = await sharp(bodies[0]).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual([
      'jpeg',
      Number(meta(html, 'og:image:width')),
      Number(meta(html, 'og:image:height')),
    ]);
    expect(drawn.exif).toBeUndefined();
    expect(bodies[0]!.byteLength).toBeLessThanOrEqual(SHARE_MAX_BYTES);
    // Kept beside the photo's other files: the next asks read it.
    const id = imageUrl.split('/').pop()!;
    expect(await readdir(path.join(suite.database.dataDir, 'images', id))).toContain('share.jpg');

    // The event deleted: its picture goes from the site, this copy too.
    expect((await call(suite, 'DELETE', `/api/admin/events/${event.id}`, { token })).status).toBe(200);
    expect((await fetch(local(image))).status).toBe(404);
  });

  it("names a JPEG of a photo given by URL, and the logo's for a page without a picture", async () => {
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Kite day',
      date: daysFromNow(5),
      comment: 'Bring string.',
      bookingUrl: 'https://tickets.example.org/kites',
      imageUrl: `${photoSite()}/kites.jpg`,
    });
    const image = meta(await page(`/events/${event.id}`), 'og:image')!;
    expect(image).toMatch(/\/images\/remote\/[0-9a-f]{40}\/share\.jpg\?u=/);
    const copy = await fetch(local(image));
    expect([copy.status, copy.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(800);
    // Only addresses the server signed.
    expect((await fetch(local(image.replace(/remote\/[0-9a-f]{40}/, `remote/${'0'.repeat(40)}`)))).status).toBe(404);

    const logo = await uploadImage(suite.url, token, 4);
    expect((await call(suite, 'PUT', '/api/admin/settings', { token, body: { logoUrl: logo } })).status).toBe(200);
    const plain = await create(suite.url, token, '/api/admin/news', {
      title: 'Words only',
      publishedAt: '2026-11-01',
      content: '<p>Hello</p>',
    });
    const html = await page(`/news/${plain.id}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`${logo}/share\\.jpg$`));
    expect((await fetch(local(meta(html, 'og:image')!))).headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 404 for the copy of an image that does not exist, and draws nothing for it', async () => {
    for (const address of [
      '/images/zzzzzzzzzzzz/share.jpg',
      '/images/abc/share.jpeg',
      '/images/abc/..%2fshare.jpg',
      '/images/remote/abc/share.jpg?u=x',
    ]) {
      const answer = await fetch(`${suite.url}${address}`);
      expect(answer.status, address).toBe(404);
    }
    expect(await readdir(path.join(suite.database.dataDir, 'images'))).not.toContain('zzzzzzzzzzzz');
  });

  it('shows the first picture of a list page in its link preview: the next event, the latest news, the newest photo', async () => {
    const [eventPicture, newsPicture, photo] = (await Promise.all([5, 6, 7].map((seed) => uploadImage(suite.url, token, seed)))) as [
      string,
      string,
      string,
    ];
    const share = (picture: string) => new RegExp(`${picture}/share\\.jpg$`);
    await create(suite.url, token, '/api/admin/events', {
      name: 'Tomorrow, pictured',
      date: daysFromNow(1),
      comment: 'Bring a torch.',
      bookingUrl: 'https://tickets.example.org/torch',
      imageUrl: eventPicture,
    });
    // Sooner still, without a picture: the preview is the first event that has one.
    await create(suite.url, token, '/api/admin/events', {
      name: 'Tonight, in words',
      date: daysFromNow(0, 23),
      comment: 'Quiz.',
      bookingUrl: 'https://tickets.example.org/quiz',
    });
    await create(suite.url, token, '/api/admin/news', {
      title: 'Pictured news',
      publishedAt: '2026-11-20',
      content: '<p>Hello</p>',
      imageUrl: newsPicture,
    });
    await create(suite.url, token, '/api/admin/gallery', { imageUrl: photo, caption: 'Newest' });
    expect(meta(await page('/events'), 'og:image')).toMatch(share(eventPicture));
    expect(meta(await page('/news'), 'og:image')).toMatch(share(newsPicture));
    expect(meta(await page('/gallery'), 'og:image')).toMatch(share(photo));
    expect(meta(await page('/gallery'), 'og:image:alt')).toBe('Newest');
  });
});
