import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

// "Another website" with photos, on 127.0.0.1, for content saved with an image address: the site
// fetches such an address when it is saved (src/core/images/image-url-check.ts), and tests never
// reach a host outside this machine. Started once by vitest.config.ts (TEST_PHOTO_SITE); servers
// that use it are started with REMOTE_IMAGES_ALLOW_PRIVATE=true (photoSiteEnv).

export async function startPhotoSite(): Promise<string> {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3b82f6' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/missing')) res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    else if (path.startsWith('/page')) res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>A web page, not a photo</h1>');
    else res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The photo site's address: `${photoSite()}/any-name.jpg` answers a JPEG, /missing… 404, /page… HTML. */
export function photoSite(): string {
  const site = process.env.TEST_PHOTO_SITE;
  if (!site) throw new Error('TEST_PHOTO_SITE is not set: vitest.config.ts starts the photo site.');
  return site;
}

/** What a server needs to fetch from the photo site (a private address). */
export const photoSiteEnv = { REMOTE_IMAGES_ALLOW_PRIVATE: 'true' };
