import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createLocalStorage } from './local-storage.ts';
import { createRemoteImages, FAILURE_MEMORY_MS, type RemoteImagesDeps } from './remote-images.ts';
import { safeDownload, type Resolve } from './safe-download.ts';

// "Other sites" on this machine only: a service listening on every loopback address (so IPv4
// spellings inside IPv6 reach it too), and one on 127.0.0.2 standing in for a public host.

type Site = { server: http.Server; port: number; hits: string[]; status: number; redirect?: string };

async function site(host: string, photo: Buffer): Promise<Site> {
  const state: Site = { server: http.createServer(), port: 0, hits: [], status: 200 };
  state.server.on('request', (req, res) => {
    state.hits.push(req.url ?? '');
    if (state.redirect) res.writeHead(302, { location: state.redirect }).end();
    else if (state.status !== 200) res.writeHead(state.status).end('nope');
    else res.writeHead(200, { 'content-type': 'image/png' }).end(photo);
  });
  await new Promise<void>((resolve) => state.server.listen(0, host, resolve));
  state.port = (state.server.address() as AddressInfo).port;
  return state;
}

describe('images given by URL', () => {
  let photo: Buffer;
  let local: Site;
  let dir: string;
  beforeAll(async () => {
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#10b981' } })
      .png()
      .toBuffer();
    local = await site('::', photo);
  });
  afterAll(() => new Promise<void>((resolve) => local.server.close(() => resolve())));
  afterEach(() => {
    local.hits.length = 0;
    local.status = 200;
    delete local.redirect;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const secret = randomBytes(32);
  function remote(overrides: Partial<RemoteImagesDeps> = {}) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-'));
    return createRemoteImages({
      storage: createLocalStorage(path.join(dir, 'images')),
      secret,
      allowPrivate: false,
      log: createLogger('silent'),
      ...overrides,
    });
  }
  const signatureOf = (link: string) => link.split('/')[3]!.split('?')[0]!;

  it('fetches only URLs it signed, and another with the same key signs alike', async () => {
    const images = remote({ allowPrivate: true });
    const url = `http://127.0.0.1:${local.port}/a.png`;
    const link = images.pathFor(url);
    expect(link).toMatch(/^\/images\/remote\/[0-9a-f]{40}\?u=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fa\.png$/);
    expect(await images.get('0'.repeat(40), url)).toBeNull();
    expect(local.hits).toEqual([]);
    expect(await images.get(signatureOf(link), url)).not.toBeNull();
    expect(local.hits).toEqual(['/a.png']);
    const again = createRemoteImages({
      storage: createLocalStorage(path.join(dir, 'images')),
      secret,
      allowPrivate: false,
      log: createLogger('silent'),
    });
    expect(again.pathFor(url)).toBe(link);
  });

  it('never connects to a loopback or private address, in any spelling', async () => {
    const images = remote();
    const spellings = [
      `127.0.0.1`,
      `[::ffff:127.0.0.1]`,
      `[0:0:0:0:0:ffff:7f00:1]`,
      `[::ffff:7f00:1]`,
      `[::1]`,
      `2130706433`,
      `0x7f000001`,
      `0177.0.0.1`,
      `127.1`,
      `localhost`,
      `[64:ff9b::127.0.0.1]`,
      `[2002:7f00:1::1]`,
    ];
    for (const host of spellings) {
      const url = `http://${host}:${local.port}/x.png`;
      expect(await images.get(signatureOf(images.pathFor(url)), url), host).toBeNull();
    }
    for (const host of ['[::ffff:10.0.0.1]', '[::ffff:169.254.169.254]', '169.254.169.254', '10.0.0.1']) {
      await expect(
        safeDownload(`http://${host}/latest/meta-data/`, {
          maxBytes: 1000,
          timeoutMs: 1000,
          maxRedirects: 0,
          isAllowedAddress: (a) => !/^(10|169)\./.test(a) && !a.includes(':'),
        }),
        host,
      ).rejects.toThrow(/refusing/);
    }
    expect(local.hits).toEqual([]);
  });

  it('checks the address it connects to, so a name that rebinds to loopback is never reached', async () => {
    // 127.0.0.2 plays a public host; 127.0.0.1 the private service the attacker is after.
    const outside = await site('127.0.0.2', photo);
    const inside = await site('127.0.0.1', Buffer.from('secret'));
    try {
      let lookups = 0;
      const rebinding: Resolve = async () => [{ address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
      const isAllowedAddress = (address: string) => address !== '127.0.0.1';
      const body = await safeDownload(`http://rebind.test:${outside.port}/x.png`, {
        maxBytes: 1e6,
        timeoutMs: 2000,
        maxRedirects: 0,
        isAllowedAddress,
        resolve: rebinding,
      });
      expect(Buffer.from(body).equals(photo)).toBe(true);
      expect(lookups).toBe(1);

      // Resolving to the private address at connection time is refused before any byte is sent.
      const toInside: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
      await expect(
        safeDownload(`http://rebind.test:${inside.port}/x.png`, {
          maxBytes: 1e6,
          timeoutMs: 2000,
          maxRedirects: 0,
          isAllowedAddress,
          resolve: toInside,
        }),
      ).rejects.toThrow(/refusing/);
      // So is a mix of public and private answers.
      const mixed: Resolve = async () => [
        { address: '127.0.0.2', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
      await expect(
        safeDownload(`http://rebind.test:${inside.port}/x.png`, {
          maxBytes: 1e6,
          timeoutMs: 2000,
          maxRedirects: 0,
          isAllowedAddress,
          resolve: mixed,
        }),
      ).rejects.toThrow(/refusing/);

      // Every redirect is checked again: a public site redirecting to the private one.
      outside.redirect = `http://[::ffff:127.0.0.1]:${inside.port}/secret`;
      await expect(
        safeDownload(`http://127.0.0.2:${outside.port}/x.png`, {
          maxBytes: 1e6,
          timeoutMs: 2000,
          maxRedirects: 3,
          isAllowedAddress: (a) => a === '127.0.0.2',
        }),
      ).rejects.toThrow(/refusing/);
      outside.redirect = `http://inside.test:${inside.port}/secret`;
      await expect(
        safeDownload(`http://127.0.0.2:${outside.port}/x.png`, {
          maxBytes: 1e6,
          timeoutMs: 2000,
          maxRedirects: 3,
          isAllowedAddress: (a) => a === '127.0.0.2',
          resolve: toInside,
        }),
      ).rejects.toThrow(/refusing/);
      expect(inside.hits).toEqual([]);
    } finally {
      await Promise.all([outside, inside].map((s) => new Promise<void>((resolve) => s.server.close(() => resolve()))));
    }
  });

  it('refuses URLs with credentials, other schemes and bodies over the limit', async () => {
    const options = { maxBytes: 100, timeoutMs: 2000, maxRedirects: 0, isAllowedAddress: () => true };
    await expect(safeDownload(`http://user:pass@127.0.0.1:${local.port}/x.png`, options)).rejects.toThrow(/credentials/);
    await expect(safeDownload(`file:///etc/passwd`, options)).rejects.toThrow(/http/);
    await expect(safeDownload(`http://127.0.0.1:${local.port}/x.png`, options)).rejects.toThrow(/too large/);
  });

  it('reads a phone’s HEIC photo, and names a damaged image or one of too many pixels as such, not as an unreachable address', async () => {
    const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../tests/fixtures', name));
    const heic = fixture('red-blue-600x400.heic');
    const sites = await Promise.all(
      [heic, heic.subarray(0, 300), fixture('flat-8200x6200.heic'), photo.subarray(0, photo.length - 40)].map((bytes) =>
        site('127.0.0.1', bytes),
      ),
    );
    try {
      const images = remote({ allowPrivate: true });
      const [whole, cut, huge, cutPng] = sites.map((each) => `http://127.0.0.1:${each.port}/photo`);
      expect(await images.check(whole!)).toBeNull();
      const stored = await images.get(signatureOf(images.pathFor(whole!)), whole!);
      expect((await sharp(stored!).metadata()).width).toBe(600);
      expect(await images.check(cut!)).toBe(
        'The address does not lead to an image (JPEG, PNG, GIF, WebP, AVIF or HEIC). Copy the address of the image itself.',
      );
      expect(await images.check(huge!)).toBe(
        'The image at this address has too many pixels (at most 50 megapixels). Upload a smaller copy instead.',
      );
      expect(await images.check(cutPng!)).toMatch(/^The address does not lead to an image/);
    } finally {
      await Promise.all(sites.map((each) => new Promise<void>((resolve) => each.server.close(() => resolve()))));
    }
  }, 30_000);

  it('remembers a failed fetch for a while instead of fetching again for every visitor', async () => {
    let clock = 1_000_000;
    const images = remote({ allowPrivate: true, now: () => clock });
    const url = `http://127.0.0.1:${local.port}/broken.png`;
    const signature = signatureOf(images.pathFor(url));
    local.status = 500;
    for (let visit = 0; visit < 5; visit++) expect(await images.get(signature, url)).toBeNull();
    expect(local.hits).toEqual(['/broken.png']);
    // Once the memory has passed, it is tried again (and now it works).
    local.status = 200;
    clock += FAILURE_MEMORY_MS + 1;
    expect(await images.get(signature, url)).not.toBeNull();
    expect(local.hits).toEqual(['/broken.png', '/broken.png']);
  });
});
