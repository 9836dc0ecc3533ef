import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { openDb } from '../setup/direct-db.ts';
import { useServer, type SuiteServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';
import * as fixtures from '../fixtures/images.ts';
import { fakeClockEnv, setFakeClock } from '../setup/fake-clock.ts';
import { PICTURES_KEPT_DAYS } from '../../src/core/versions/versions.schema.ts';
import { RELEASED_IMAGE_KEEP_MS } from '../../src/core/images/images.service.ts';
import { PICTURES_NOT_INDEXED, STORED_IMAGE_CACHE } from '../../src/server/http/headers.ts';

async function directUpload(suite: SuiteServer, token: string | undefined, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${suite.url}/api/admin/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

async function newsFlow(suite: SuiteServer, token: string, bytes: Buffer, type = 'image/jpeg') {
  const step1 = await call(suite, 'POST', '/api/objects/upload', { token });
  expect(step1.status).toBe(200);
  const uploadURL: string = step1.body.uploadURL;
  // The URL is on PUBLIC_URL (here the default http://localhost:PORT); the test server listens on 127.0.0.1.
  const put = await fetch(`${suite.url}${new URL(uploadURL).pathname}`, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': type },
  });
  const putBody = await put.json();
  return { uploadURL, put: { status: put.status, body: putBody } };
}

async function fetchImage(suite: SuiteServer, url: string) {
  const response = await fetch(`${suite.url}${url}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The pid of a child of `parent` whose command line names `name`, as soon as one starts. */
async function childProcess(parent: number, name: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        if (ppid === parent && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(name)) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`no ${name} process started`);
}

function storedFiles(suite: SuiteServer, id: string): string[] {
  const dir = path.join(suite.database.dataDir, 'images', id);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

eachDatabase('images on $kind', (db) => {
  // The server's clock, moved past the time replaced images are kept.
  const clock = path.join(os.tmpdir(), `images-clock-${process.pid}-${db.kind}`);
  const suite = useServer(db, fakeClockEnv(clock));
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const handles: ReturnType<typeof openDb>[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.destroy();
  });

  it('direct upload: strips every piece of metadata, applies the orientation, serves AVIF and WebP variants', async () => {
    const upload = await directUpload(suite, token, await fixtures.phoneJpeg(2600, 1600));
    expect(upload.status).toBe(200);
    expect(upload.body.imageUrl).toMatch(/^\/images\/[a-z0-9]+$/);
    const id = upload.body.imageUrl.split('/').pop();

    const master = await fetchImage(suite, upload.body.imageUrl);
    expect(master.response.status).toBe(200);
    expect(master.response.headers.get('content-type')).toBe('image/webp');
    expect(master.response.headers.get('cache-control')).toBe(STORED_IMAGE_CACHE);
    // A CDN in front keeps it an hour at most: a photo taken down leaves it within the hour (053).
    expect(Number(/s-maxage=(\d+)/.exec(master.response.headers.get('cache-control')!)?.[1])).toBeLessThanOrEqual(3600);
    expect(master.response.headers.get('x-content-type-options')).toBe('nosniff');
    const masterMeta = await sharp(master.bytes).metadata();
    // 2600×1600 turned upright is 1600×2600; the long side is capped at 2400.
    expect([masterMeta.width, masterMeta.height]).toEqual([1477, 2400]);

    const files = storedFiles(suite, id);
    expect(files.sort()).toEqual(
      [
        '1280.avif',
        '1280.webp',
        '1477.avif',
        '1477.webp',
        '320.avif',
        '320.webp',
        '640.avif',
        '640.webp',
        '960.avif',
        '960.webp',
        'master.webp',
      ].sort(),
    );
    for (const file of files) {
      const served = await fetchImage(suite, `/images/${id}/${file === 'master.webp' ? '' : file}`.replace(/\/$/, ''));
      expect(served.response.status, file).toBe(200);
      // Children's photos are kept out of image search (104); the pages that show them are not.
      expect(served.response.headers.get('x-robots-tag'), file).toBe(PICTURES_NOT_INDEXED);
      const meta = await sharp(served.bytes).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(meta.iptc, file).toBeUndefined();
      expect(meta.orientation, file).toBeUndefined();
      expect(served.bytes.toString('latin1'), file).not.toMatch(/PhoneMaker|Exif|GPS/);
      const expectedWidth = file === 'master.webp' ? 1477 : Number(file.split('.')[0]);
      expect(meta.width, file).toBe(expectedWidth);
      expect(meta.height > meta.width, `${file} is upright`).toBe(true);
      if (file.endsWith('.avif')) {
        expect(served.response.headers.get('content-type')).toBe('image/avif');
        expect(meta.format).toBe('heif');
      }
      if (file === '1280.webp') expect(served.bytes.length).toBeLessThan(250 * 1024);
    }

    const handle = openDb(suite);
    handles.push(handle);
    const row = await handle.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ width: 1477, height: 2400, widths: '320,640,960,1280,1477' });
    expect(row.placeholder).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('never upscales: a small PNG gets one variant at its own width; a GIF becomes a still', async () => {
    const small = await directUpload(suite, token, await fixtures.png(), 'a.png', 'image/png');
    expect(small.status).toBe(200);
    expect(storedFiles(suite, small.body.imageUrl.split('/').pop()).sort()).toEqual(['300.avif', '300.webp', 'master.webp']);
    // A width that was not stored points to the nearest one, so lists can always ask for 320.
    const nearest = await fetch(`${suite.url}${small.body.imageUrl}/320.webp`, { redirect: 'manual' });
    expect(nearest.status).toBe(301);
    expect(nearest.headers.get('location')).toBe(`${small.body.imageUrl}/300.webp`);
    const gif = await directUpload(suite, token, await fixtures.gif(), 'a.gif', 'image/gif');
    expect(gif.status).toBe(200);
    const meta = await sharp((await fetchImage(suite, gif.body.imageUrl)).bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages ?? 1).toBe(1);
  });

  it('refuses hostile and wrong files with the spec messages, never 500', async () => {
    const notImage = 'Please upload an image file (jpg, jpeg, png, gif)';
    for (const [name, bytes, type] of [
      ['evil.svg', fixtures.svgWithScript(), 'image/svg+xml'],
      ['page.jpg', fixtures.htmlAsJpg(), 'image/jpeg'],
      ['doc.pdf', fixtures.pdf(), 'application/pdf'],
      ['poly.gif', fixtures.polyglot(), 'image/gif'],
      ['cut.jpg', await fixtures.truncatedJpeg(), 'image/jpeg'],
    ] as const) {
      const response = await directUpload(suite, token, bytes, name, type);
      expect(response.status, name).toBe(400);
      expect(response.body.message, name).toBe(notImage);
    }
    const bomb = await directUpload(suite, token, fixtures.bombPng(), 'bomb.png', 'image/png');
    expect(bomb.status).toBe(413);
    expect(bomb.body.message).toMatch(/too many pixels/);

    const big = await directUpload(suite, token, await fixtures.noisePng(6 * 1024 * 1024), 'big.png', 'image/png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Image must be less than 5MB');

    const notMultipart = await call(suite, 'POST', '/api/admin/upload', { token, body: { image: 'x' } });
    expect(notMultipart.status).toBe(415);
  });

  it('takes a phone’s HEIC photo in both flows, refusing a damaged one and one of too many pixels before decoding it', async () => {
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/red-blue-600x400.heic'));
    const direct = await directUpload(suite, token, heic, 'IMG_0412.HEIC', 'image/heic');
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    const { response, bytes } = await fetchImage(suite, direct.body.imageUrl);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([600, 400]);
    const red = data[(200 * info.width + 100) * info.channels]!;
    const blue = data[(200 * info.width + 500) * info.channels + 2]!;
    expect([red > 180, blue > 180]).toEqual([true, true]);
    expect(storedFiles(suite, direct.body.imageUrl.split('/').pop())).toContain('master.webp');

    const news = await newsFlow(suite, token, heic, 'image/heic');
    expect(news.put.status).toBe(200);

    const damaged = await directUpload(suite, token, heic.subarray(0, 300), 'cut.heic', 'image/heic');
    expect([damaged.status, damaged.body.message]).toEqual([400, 'Please upload an image file (jpg, jpeg, png, gif)']);
    // 8200 × 6200 of one colour: 12 kB that would decode to 200 MB.
    const bomb = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/flat-8200x6200.heic'));
    const refused = await directUpload(suite, token, bomb, 'bomb.heic', 'image/heic');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/too many pixels/);
  }, 60_000);

  it('answers 503, not "not an image", when the HEIC reader is killed mid-photo (out of memory), and takes the photo on a retry', async () => {
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/red-blue-600x400.heic'));
    const upload = directUpload(suite, token, heic, 'IMG_0413.HEIC', 'image/heic');
    // As the kernel's out-of-memory killer would: SIGKILL to the server's reader process.
    const reader = await childProcess(suite.server.process.pid!, 'heic-child');
    process.kill(reader, 'SIGKILL');
    const stopped = await upload;
    expect(stopped.status).toBe(503);
    expect(stopped.body.message).toBe(
      'The server could not finish reading this HEIC photo (it ran short of memory or time). Please try again in a minute, or send the photo as a JPEG.',
    );
    expect(suite.server.output()).toMatch(/the HEIC reader was stopped/);
    const retried = await directUpload(suite, token, heic, 'IMG_0413.HEIC', 'image/heic');
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
  }, 60_000);

  it('answers 401 to uploads without a session', async () => {
    expect((await directUpload(suite, undefined, await fixtures.png())).status).toBe(401);
    expect((await call(suite, 'POST', '/api/objects/upload')).status).toBe(401);
    expect((await call(suite, 'PUT', '/api/news-images', { body: { imageURL: 'x' } })).status).toBe(401);
  });

  it('news image flow: one-time URL, raw PUT up to 10 MB, objectPath; forged, reused and expired URLs refused', async () => {
    const { uploadURL, put } = await newsFlow(suite, token, await fixtures.phoneJpeg());
    expect(uploadURL).toMatch(new RegExp(`^http://localhost:${suite.server.port}/api/objects/[A-Za-z0-9_-]{43}$`));
    expect(put.status).toBe(200);
    const step3 = await call(suite, 'PUT', '/api/news-images', { token, body: { imageURL: uploadURL } });
    expect(step3.status).toBe(200);
    expect(step3.body.objectPath).toMatch(/^\/images\/[a-z0-9]+$/);
    const master = await sharp((await fetchImage(suite, step3.body.objectPath)).bytes).metadata();
    expect(master.exif).toBeUndefined();
    expect([master.width, master.height]).toEqual([800, 1200]);

    const news = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: { title: 'With photo', publishedAt: '2026-11-01', imageUrl: step3.body.objectPath },
    });
    expect(news.status).toBe(201);

    const reused = await fetch(`${suite.url}${new URL(uploadURL).pathname}`, {
      method: 'PUT',
      body: new Uint8Array(await fixtures.png()),
      headers: { 'content-type': 'image/png' },
    });
    expect(reused.status).toBe(403);
    const forged = await fetch(`${suite.url}/api/objects/${'A'.repeat(43)}`, { method: 'PUT', body: new Uint8Array(await fixtures.png()) });
    expect(forged.status).toBe(403);
    expect(
      (await call(suite, 'PUT', '/api/news-images', { token, body: { imageURL: `${suite.url}/api/objects/${'B'.repeat(43)}` } })).status,
    ).toBe(400);

    const handle = openDb(suite);
    handles.push(handle);
    const fresh = (await call(suite, 'POST', '/api/objects/upload', { token })).body.uploadURL as string;
    await handle
      .updateTable('uploadTokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('usedAt', 'is', null)
      .execute();
    const expired = await fetch(fresh, {
      method: 'PUT',
      body: new Uint8Array(await fixtures.png()),
      headers: { 'content-type': 'image/png' },
    });
    expect(expired.status).toBe(403);

    const tooBig = await newsFlow(suite, token, await fixtures.noisePng(11 * 1024 * 1024), 'image/png');
    expect(tooBig.put.status).toBe(413);
    expect(tooBig.put.body.message).toBe('File size must be less than 10MB');
    const svg = await newsFlow(suite, token, fixtures.svgWithScript(), 'image/svg+xml');
    expect(svg.put.status).toBe(400);
    expect(svg.put.body.message).toBe('Please upload an image file (jpg, jpeg, png, gif)');
  });

  it('deletes every variant when an item is deleted or its image replaced; images:gc removes orphans', async () => {
    const first = (await directUpload(suite, token, await fixtures.png())).body.imageUrl as string;
    const second = (await directUpload(suite, token, await fixtures.gif())).body.imageUrl as string;
    const firstId = first.split('/').pop()!;
    const secondId = second.split('/').pop()!;
    const event = await call(suite, 'POST', '/api/admin/events', {
      token,
      body: { name: 'Picnic', date: '2026-12-01', comment: 'Food', bookingUrl: 'https://example.org/book', imageUrl: first },
    });
    expect(storedFiles(suite, firstId).length).toBeGreaterThan(0);
    // The same image used twice survives until its last user lets go.
    const gallery = await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: first } });
    await call(suite, 'PUT', `/api/admin/events/${event.body.id}`, { token, body: { ...event.body, imageUrl: second } });
    expect(storedFiles(suite, firstId).length).toBeGreaterThan(0);
    await call(suite, 'DELETE', `/api/admin/gallery/${gallery.body.id}`, { token });
    // Recently deleted (restorable for 30 days): the image stays until it is deleted for ever.
    expect(storedFiles(suite, firstId).length).toBeGreaterThan(0);
    await call(suite, 'DELETE', `/api/admin/deleted/gallery/${gallery.body.id}`, { token });
    expect(storedFiles(suite, firstId)).toEqual([]);
    expect((await fetch(`${suite.url}${first}`)).status).toBe(404);

    await call(suite, 'DELETE', `/api/admin/events/${event.body.id}`, { token });
    expect(storedFiles(suite, secondId).length).toBeGreaterThan(0);
    await call(suite, 'DELETE', `/api/admin/deleted/events/${event.body.id}`, { token });
    expect(storedFiles(suite, secondId)).toEqual([]);

    // An upload nobody used, and a stray file: both go with images:gc.
    const orphan = (await directUpload(suite, token, await fixtures.png())).body.imageUrl as string;
    fs.mkdirSync(path.join(suite.database.dataDir, 'images', 'strayfolder'), { recursive: true });
    fs.writeFileSync(path.join(suite.database.dataDir, 'images', 'strayfolder', '640.webp'), 'x');
    const { spawn } = await import('node:child_process');
    const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/images-gc.ts', '--grace-minutes', '0'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH, DATA_DIR: suite.database.dataDir, DATABASE_URL: suite.database.databaseUrl },
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/Removed [1-9]\d* unused image\(s\) and [1-9]\d* file\(s\)/);
    expect(result.out).toContain('strayfolder/640.webp');
    expect(storedFiles(suite, orphan.split('/').pop()!)).toEqual([]);
    // A news item's image is kept.
    const kept = (await call(suite, 'GET', '/api/news')).body.find((n: { imageUrl: string | null }) => n.imageUrl)?.imageUrl;
    expect(kept).toBeDefined();
    expect((await fetch(`${suite.url}${kept}`)).status).toBe(200);
  });

  it('names stored images by id with a foreign key: the database refuses to delete an image in use', async () => {
    const url = (await directUpload(suite, token, await fixtures.png())).body.imageUrl as string;
    const id = url.split('/').pop()!;
    const news = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: { title: 'With a photo', publishedAt: '2026-11-01', imageUrl: url },
    });
    expect(news.status).toBe(201);
    expect(news.body).not.toHaveProperty('imageId');
    // An address of a stored image that is not there is refused, not stored as a broken picture.
    const typed = await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: '/images/nosuchimage' } });
    expect(typed.status).toBe(409);
    expect(typed.body.message).toMatch(/no longer on the site/);
    const direct = openDb(suite);
    handles.push(direct);
    const row = await direct.selectFrom('newsItems').select(['imageId']).where('id', '=', news.body.id).executeTakeFirstOrThrow();
    expect(row.imageId).toBe(id);
    await expect(direct.deleteFrom('images').where('id', '=', id).execute()).rejects.toThrow(/foreign key/i);
    expect((await fetch(`${suite.url}${url}`)).status).toBe(200);
  });

  it('never loses an image in use while many writes move images between rows at once', async () => {
    const urls: string[] = [];
    for (const fixture of [fixtures.png, fixtures.gif, fixtures.png, fixtures.gif]) {
      urls.push((await directUpload(suite, token, await fixture())).body.imageUrl as string);
    }
    const rows: string[] = [];
    for (const url of urls) rows.push((await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: url } })).body.id);
    // Each round moves every row to another image at the same moment, and adds a row using one
    // of them. An image that a write leaves unused is deleted at once, so a write naming it a
    // moment later is refused (409) rather than stored as a broken picture; a release that
    // checked 'unused' and then deleted would lose an image in use.
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all([
        ...rows.map((id, i) =>
          call(suite, 'PUT', `/api/admin/gallery/${id}`, { token, body: { imageUrl: urls[(i + round + 1) % urls.length] } }),
        ),
        call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: urls[round % urls.length] } }),
      ]);
      for (const answer of answers) expect([200, 201, 409], JSON.stringify(answer.body)).toContain(answer.status);
    }
    const used = new Set<string>(
      (await call(suite, 'GET', '/api/gallery')).body
        .map((image: { imageUrl: string }) => image.imageUrl)
        .filter((u: string) => urls.includes(u)),
    );
    expect(used.size).toBeGreaterThan(0);
    for (const url of used) expect((await fetch(`${suite.url}${url}/320.webp`)).status, url).toBeLessThan(400);
  });

  it('keeps every image that saves of one item replace at once while its versions hold it, then only the last', async () => {
    const statusForAdmin = (url: string) =>
      fetch(`${suite.url}${url}`, { headers: { authorization: `Bearer ${token}` } }).then((response) => response.status);
    const status = (url: string) => fetch(`${suite.url}${url}`).then((response) => response.status);
    const direct = openDb(suite);
    handles.push(direct);
    /** Per kind: every image it used, and the two in use at the end. */
    const seen: { all: string[]; inUse: string[] }[] = [];
    for (const [kind, body] of [
      ['gallery', {}],
      ['news', { title: 'Raft', content: '<p>x</p>', publishedAt: '2026-11-01' }],
      ['events', { name: 'Den day', date: '2031-05-01T10:00:00Z', comment: 'x', bookingUrl: 'https://booking.test/d' }],
    ] as const) {
      setFakeClock(clock, Date.now());
      const first = (await directUpload(suite, token, await fixtures.png())).body.imageUrl as string;
      const id = (await call(suite, 'POST', `/api/admin/${kind}`, { token, body: { ...body, imageUrl: first } })).body.id as string;
      const urls: string[] = [];
      for (let i = 0; i < 6; i++) urls.push((await directUpload(suite, token, await fixtures.png())).body.imageUrl as string);
      const answers = await Promise.all(
        urls.map((imageUrl) => call(suite, 'PUT', `/api/admin/${kind}/${id}`, { token, body: { ...body, imageUrl } })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array<number>(6).fill(200));
      const path = kind === 'gallery' ? '/api/gallery' : `/api/${kind}/${id}`;
      const read = (await call(suite, 'GET', path)).body;
      const kept = (Array.isArray(read) ? read.find((item: { id: string }) => item.id === id) : read).imageUrl as string;
      // Each replaced one stays on the server, marked released, and an administrator still gets
      // it; visitors get only the one in use at once (053).
      expect(await Promise.all([first, ...urls].map(statusForAdmin)), kind).toEqual(Array<number>(7).fill(200));
      expect(await Promise.all([first, ...urls].map(status)), kind).toEqual([first, ...urls].map((url) => (url === kept ? 200 : 404)));
      const released = await direct
        .selectFrom('images')
        .select('id')
        .where('releasedAt', 'is not', null)
        .where(
          'id',
          'in',
          [first, ...urls].map((url) => url.split('/').pop()!),
        )
        .execute();
      expect(released.map((row) => `/images/${row.id}`).sort(), kind).toEqual([first, ...urls].filter((url) => url !== kept).sort());
      // Each save kept the picture it replaced in an earlier version (061): six saves, six.
      const versions = (await call(suite, 'GET', `/api/admin/${kind}/${id}/versions`, { token })).body as {
        content: Record<string, string>;
      }[];
      expect(versions.map((version) => version.content.imageUrl).sort(), kind).toEqual(
        [first, ...urls].filter((url) => url !== kept).sort(),
      );
      // Undo of the last save: the image it replaced is used again.
      const before = [first, ...urls].find((url) => url !== kept)!;
      expect((await call(suite, 'PUT', `/api/admin/${kind}/${id}`, { token, body: { ...body, imageUrl: before } })).status).toBe(200);

      // A quarter of an hour later, the next release sweeps those whose time is up, and none of
      // these is: the versions hold them (before 061, all but the two in use went here). A photo
      // moves from `other` to `kept`.
      setFakeClock(clock, Date.now() + RELEASED_IMAGE_KEEP_MS + 60_000);
      const other = (await directUpload(suite, token, await fixtures.png())).body.imageUrl as string;
      const photo = (await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: other } })).body.id as string;
      expect((await call(suite, 'PUT', `/api/admin/gallery/${photo}`, { token, body: { imageUrl: kept } })).status).toBe(200);
      // The sweep runs after the write's answer: time for it to have removed what it would.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await Promise.all([first, ...urls, other].map(statusForAdmin)), kind).toEqual(Array<number>(8).fill(200));
      expect(await Promise.all([before, kept, other].map(status))).toEqual([200, 200, 404]);
      seen.push({ all: [first, ...urls, other], inUse: [before, kept] });
    }

    // Thirty days on, the versions let go of their pictures: the housekeeping at start removes
    // all but those in use, files and rows, and forgets the release of those.
    setFakeClock(clock, Date.now() + (PICTURES_KEPT_DAYS + 1) * 86_400_000);
    await suite.restart();
    token = await login(suite);
    for (const { all, inUse } of seen) {
      await expect
        .poll(() => Promise.all(all.map(statusForAdmin)), { timeout: 15_000 })
        .toEqual(all.map((url) => (inUse.includes(url) ? 200 : 404)));
      for (const url of all.filter((url) => !inUse.includes(url))) expect(storedFiles(suite, url.split('/').pop()!), url).toEqual([]);
      expect(await Promise.all(inUse.map(status))).toEqual([200, 200]);
      const inUseIds = inUse.map((url) => url.split('/').pop()!);
      expect(await direct.selectFrom('images').select('releasedAt').where('id', 'in', inUseIds).execute()).toEqual([
        { releasedAt: null },
        { releasedAt: null },
      ]);
    }
    setFakeClock(clock, Date.now());
    await suite.restart();
    token = await login(suite);
  });

  it('removes a picture its versions let go of after a server killed with kill -9, once it starts again', async () => {
    setFakeClock(clock, Date.now());
    const first = (await directUpload(suite, token, await fixtures.png())).body.imageUrl as string;
    const second = (await directUpload(suite, token, await fixtures.png())).body.imageUrl as string;
    const photo = (await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: first } })).body.id as string;
    expect((await call(suite, 'PUT', `/api/admin/gallery/${photo}`, { token, body: { imageUrl: second } })).status).toBe(200);
    // Kept for its earlier version: the administrators' alone (053, 061).
    const asAdmin = (url: string) => fetch(`${suite.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await asAdmin(first)).status).toBe(200);
    expect((await fetch(`${suite.url}${first}`)).status).toBe(404);
    // kill -9 a month on, before any hourly housekeeping: the housekeeping at start removes it.
    setFakeClock(clock, Date.now() + (PICTURES_KEPT_DAYS + 1) * 86_400_000);
    await suite.restart('SIGKILL');
    token = await login(suite);
    await expect.poll(async () => (await asAdmin(first)).status, { timeout: 10_000 }).toBe(404);
    expect(storedFiles(suite, first.split('/').pop()!)).toEqual([]);
    expect((await fetch(`${suite.url}${second}`)).status).toBe(200);
    // Its version keeps its words; the picture it no longer holds is left out.
    const versions = (await call(suite, 'GET', `/api/admin/gallery/${photo}/versions`, { token })).body as { content: object }[];
    expect(versions.map((version) => version.content)).toEqual([{ caption: null }]);
    setFakeClock(clock, Date.now());
    await suite.restart();
    token = await login(suite);
  });

  it('answers 404 for unknown or malformed image paths', async () => {
    for (const p of ['/images/nope', '/images/abc/..%2f..%2fclub.sqlite', '/images/abc/640.png', '/images/ABC']) {
      expect((await fetch(`${suite.url}${p}`)).status, p).toBe(404);
    }
  });
});
