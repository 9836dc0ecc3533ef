import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneJpeg } from '../fixtures/images.ts';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import { openPage, thirdPartyRequests, useBrowser } from '../setup/browser.ts';
import { adminToken, create, daysFromNow } from '../setup/fill-site.ts';

const sqlite = testDatabases[0]!;

describe('images given by URL reach visitors from this site only', () => {
  // "Another site" serving photos; private addresses are allowed for this test only.
  const hits: string[] = [];
  let photoSite = '';
  let photoServer: http.Server;
  beforeAll(async () => {
    const photo = await phoneJpeg(1200, 800);
    photoServer = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    });
    await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve));
    photoSite = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => photoServer.close(() => resolve())));

  const suite = useServer(sqlite, { REMOTE_IMAGES_ALLOW_PRIVATE: 'true' });
  const chrome = useBrowser();

  it('shows event images and news images from this site, fetched once, without metadata', async () => {
    const token = await adminToken(suite.url);
    await create(suite.url, token, '/api/admin/events', {
      name: 'Picnic',
      date: daysFromNow(4),
      comment: 'Food.',
      bookingUrl: 'https://tickets.example/p',
      imageUrl: `${photoSite}/event.jpg`,
    });
    await create(suite.url, token, '/api/admin/news', {
      title: 'Photos',
      content: `<p>Look</p><img src="${photoSite}/inline.jpg">`,
      publishedAt: '2026-05-01',
    });

    for (let visit = 0; visit < 2; visit++) {
      const { page, requests, close } = await openPage(chrome.browser);
      for (const path of ['/events', '/news']) {
        await page.goto(`${suite.url}${path}`, { waitUntil: 'networkidle' });
        const widths = await page.locator('main img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
        expect(widths.length, path).toBeGreaterThan(0);
        expect(
          widths.every((w) => w > 0),
          path,
        ).toBe(true);
      }
      expect(thirdPartyRequests(requests, suite.url)).toEqual([]);
      await close();
    }
    expect(hits.sort()).toEqual(['/event.jpg', '/inline.jpg']);

    const html = await (await fetch(`${suite.url}/events`)).text();
    const src = /src="(\/images\/remote\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const copy = await fetch(`${suite.url}${src}`);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    // Only links the server signed are fetched: no open proxy.
    const forged = src.replace(/remote\/[0-9a-f]{6}/, 'remote/000000');
    expect((await fetch(`${suite.url}${forged}`)).status).toBe(404);
    const other = src.replace(/u=[^&]+/, `u=${encodeURIComponent(`${photoSite}/other.jpg`)}`);
    expect((await fetch(`${suite.url}${other}`)).status).toBe(404);
    expect(hits).not.toContain('/other.jpg');
  });
});
