import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../fixtures/images.ts';
import { call, login } from '../setup/api-client.ts';
import { useServer, type SuiteServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';
import { NO_ROOM_FOR_PHOTOS } from '../../src/core/disk/disk-space.schema.ts';
import { fillDisk, mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';
import { lockTable } from '../setup/table-lock.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PUBLIC_URL = 'https://club.example.org';

/** Sends raw bytes and resolves with whatever the server answered, or '' if it closed without a word. */
function rawRequest(
  port: number,
  head: string,
  body: Buffer | string,
  waitMs: number,
): Promise<{ text: string; elapsedMs: number; closed: boolean }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    let elapsedMs = -1;
    socket.on('data', (chunk) => {
      if (elapsedMs < 0) elapsedMs = Date.now() - started;
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
    const timer = setTimeout(finish, waitMs);
    function finish() {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, elapsedMs: elapsedMs < 0 ? Date.now() - started : elapsedMs, closed });
    }
    socket.write(head);
    socket.write(body);
  });
}

async function uploadUrl(suite: SuiteServer, token: string): Promise<{ url: string; path: string }> {
  const step1 = await call(suite, 'POST', '/api/objects/upload', { token });
  expect(step1.status).toBe(200);
  const url = step1.body.uploadURL as string;
  return { url, path: new URL(url).pathname };
}

function runGc(suite: SuiteServer, graceMinutes: number) {
  return spawnSync(process.execPath, ['scripts/images-gc.ts', '--grace-minutes', String(graceMinutes)], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, DATA_DIR: suite.database.dataDir, DATABASE_URL: suite.database.databaseUrl, LOG_LEVEL: 'silent' },
  });
}

function imageForm(bytes: Buffer): FormData {
  const data = new FormData();
  data.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return data;
}

const chattrWorks = (() => {
  const probe = fs.mkdtempSync('/tmp/chattr-');
  const works = spawnSync('chattr', ['+i', probe]).status === 0;
  spawnSync('chattr', ['-i', probe]);
  fs.rmSync(probe, { recursive: true, force: true });
  return works;
})();

eachDatabase('uploads under stress on $kind', (db) => {
  // At info, so that the request log can be read.
  const suite = useServer(db, { PUBLIC_URL, BODY_IDLE_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'info' });
  let token: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    token = await login(suite);
    jpeg = await fixtures.phoneJpeg(1200, 800);
  });
  const putTo = (pathname: string, bytes: Buffer) =>
    fetch(`${suite.url}${pathname}`, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'image/jpeg' } });

  it('builds the one-time upload URL from PUBLIC_URL, whatever Host the request names', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        `${suite.url}/api/objects/upload`,
        { method: 'POST', headers: { host: 'evil.example', authorization: `Bearer ${token}` } },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(JSON.parse(body).uploadURL).toMatch(/^https:\/\/club\.example\.org\/api\/objects\/[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses a made-up upload link before reading its body', async () => {
    const head = `PUT /api/objects/${'x'.repeat(43)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: 10485760\r\n\r\n`;
    const answer = await rawRequest(suite.server.port, head, Buffer.alloc(1024), 5000);
    expect(answer.text).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer.text).toContain('This upload link is not valid: it has expired or was already used.');
    // Answered without waiting for the other 10 MB, and the connection is closed.
    expect(answer.elapsedMs).toBeLessThan(3000);
    expect(answer.closed).toBe(true);
  });

  it('cuts off a body that stops arriving, and the upload link still works afterwards', async () => {
    const link = await uploadUrl(suite, token);
    // Found in the log by its request id: the log leaves the link's token out.
    const requestId = `stalled-${Math.random().toString(36).slice(2)}`;
    const head = `PUT ${link.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: ${requestId}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`;
    const answer = await rawRequest(suite.server.port, head, jpeg.subarray(0, 1000), 6000);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.text).toContain('The upload stopped arriving, so it was cancelled. Please try again.');
    expect(answer.closed).toBe(true);
    // The request log gives the status the client was sent (not the 499 of a client who left),
    // once the server has seen the connection close.
    const logged = () =>
      suite.server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"request"') && line.includes(`"requestId":"${requestId}"`))
        .map((line) => (JSON.parse(line) as { status: number }).status);
    await expect.poll(logged).toEqual([408]);
    const retry = await putTo(link.path, jpeg);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { objectPath: string }).objectPath).toMatch(/^\/images\/[a-z0-9]+$/);
  });

  it('a refused file does not use up its upload link', async () => {
    const link = await uploadUrl(suite, token);
    expect((await putTo(link.path, Buffer.from('not an image at all'))).status).toBe(400);
    expect((await putTo(link.path, jpeg)).status).toBe(200);
    expect((await putTo(link.path, jpeg)).status).toBe(403);
  });

  it('keeps upload links out of the log: whoever reads it cannot upload in the volunteer’s place', async () => {
    const link = await uploadUrl(suite, token);
    const secret = link.path.split('/').at(-1)!;
    // Refused: the link stays good, so a log line holding it would hand it on.
    expect((await putTo(link.path, Buffer.from('not an image at all'))).status).toBe(400);
    await expect.poll(() => suite.server.output().includes('"path":"/api/objects/(upload link)"')).toBe(true);
    expect(suite.server.output()).not.toContain(secret);
    expect(suite.server.output()).toContain('"path":"/api/objects/upload"');
  });

  it('answers 405 to TRACE and unknown methods, without a stack trace', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'CONNECT']) {
      const target = method === 'CONNECT' ? '127.0.0.1:80' : '/';
      const answer = await rawRequest(
        suite.server.port,
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        '',
        3000,
      );
      expect(answer.text, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer.text).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
    }
    // Node's parser itself refuses methods it does not know.
    expect((await rawRequest(suite.server.port, 'BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '', 3000)).text).toMatch(/^HTTP\/1\.1 400 /);
    expect(suite.server.output()).not.toMatch(/TypeError|at .*\.js:\d+/);
  });

  it('sends the security headers with static files too', async () => {
    const html = await (await fetch(`${suite.url}/`)).text();
    const script = /"(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    for (const file of ['/logo.svg', '/og-image.png', ...(script ? [script] : [])]) {
      const response = await fetch(`${suite.url}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), file).toBe('DENY');
      expect(response.headers.get('content-security-policy'), file).toContain("frame-ancestors 'none'");
    }
    expect(script).toBeDefined();
  });

  it('processes a burst of uploads one at a time: each is stored or told the server is busy, and pages stay served', async () => {
    const uploads = Array.from({ length: 30 }, () =>
      fetch(`${suite.url}/api/admin/upload`, { method: 'POST', body: imageForm(jpeg), headers: { authorization: `Bearer ${token}` } }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } }),
      ),
    );
    const page = await fetch(`${suite.url}/`);
    expect(page.status).toBe(200);
    const answers = await Promise.all(uploads);
    const statuses = new Set(answers.map((answer) => answer.status));
    expect(
      [...statuses].every((status) => status === 200 || status === 503),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(20);
    for (const busy of answers.filter((answer) => answer.status === 503)) {
      expect(busy.body.message).toBe('The server is busy processing other images. Please try again in a moment.');
    }
  });

  it.runIf(db.kind === 'postgres')(
    'answers an upload that arrived whole while its sign-in check waited for the database longer than the idle time',
    async () => {
      // Seen in a loaded run's burst: the upload's few KB had all arrived, its handler waited for
      // the database, and the connection was closed without a word when the idle time ran out.
      const sessions = await lockTable(suite.database.databaseUrl!, 'sessions');
      try {
        // Settled either way at once: a connection closed while the test waits is its failure, not an unhandled error.
        const upload = fetch(`${suite.url}/api/admin/upload`, {
          method: 'POST',
          body: imageForm(jpeg),
          headers: { authorization: `Bearer ${token}` },
        }).catch((error: unknown) => error);
        await sessions.blocked();
        await new Promise((resolve) => setTimeout(resolve, 2500));
        await sessions.release();
        const answer = await upload;
        if (!(answer instanceof Response)) throw answer;
        expect(answer.status).toBe(200);
        expect(((await answer.json()) as { imageUrl: string }).imageUrl).toMatch(/^\/images\//);
      } finally {
        await sessions.release();
      }
    },
  );

  it('removes the temporary files a killed upload leaves behind, once they are old', async () => {
    const folder = path.join(suite.database.dataDir, 'images', 'killedupload');
    fs.mkdirSync(folder, { recursive: true });
    const old = path.join(folder, 'master.webp.0123456789ab.tmp');
    const fresh = path.join(folder, '640.webp.ba9876543210.tmp');
    fs.writeFileSync(old, 'half');
    fs.writeFileSync(fresh, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    const result = runGc(suite, 60);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('killedupload/master.webp.0123456789ab.tmp');
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('leaves the files of an upload still being stored, and removes files no image owns once they are old', async () => {
    // An upload writes its files, then its row: between the two, its folder belongs to no row.
    const storing = path.join(suite.database.dataDir, 'images', 'storingnow');
    const abandoned = path.join(suite.database.dataDir, 'images', 'abandoned');
    for (const folder of [storing, abandoned]) {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'master.webp'), 'image');
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(path.join(abandoned, 'master.webp'), twoHoursAgo, twoHoursAgo);
    const result = runGc(suite, 60);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('abandoned/master.webp');
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.readdirSync(storing)).toEqual(['master.webp']);
    fs.rmSync(storing, { recursive: true, force: true });
  });

  it('loses nothing acknowledged and serves nothing half-written when killed (kill -9) during uploads', async () => {
    const acknowledged: string[] = [];
    const uploads = Array.from({ length: 6 }, () =>
      fetch(`${suite.url}/api/admin/upload`, { method: 'POST', body: imageForm(jpeg), headers: { authorization: `Bearer ${token}` } })
        .then(async (r) => {
          if (r.status === 200) acknowledged.push(((await r.json()) as { imageUrl: string }).imageUrl);
        })
        .catch(() => {}),
    );
    // Killed once at least one upload was acknowledged, with the others still being processed.
    const deadline = Date.now() + 20_000;
    while (acknowledged.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(acknowledged.length).toBeGreaterThanOrEqual(1);
    await suite.restart('SIGKILL');
    await Promise.all(uploads);
    expect(acknowledged.length, 'some uploads were cut off by the kill').toBeLessThan(6);
    token = await login(suite);
    for (const url of acknowledged) expect((await fetch(`${suite.url}${url}`)).status, url).toBe(200);
    // Every image folder either belongs to a stored image or is collected; no temporary file survives gc.
    const images = path.join(suite.database.dataDir, 'images');
    for (const entry of fs.readdirSync(images)) {
      for (const name of fs.readdirSync(path.join(images, entry)).filter((n) => n.endsWith('.tmp'))) {
        const file = path.join(images, entry, name);
        fs.utimesSync(file, new Date(0), new Date(0));
      }
    }
    const result = runGc(suite, 0);
    expect(result.status, result.stderr).toBe(0);
    const left = fs.readdirSync(images).flatMap((entry) => fs.readdirSync(path.join(images, entry)).filter((n) => n.endsWith('.tmp')));
    expect(left).toEqual([]);
  });

  describe.skipIf(!chattrWorks)('with the image storage read-only', () => {
    const images = () => path.join(suite.database.dataDir, 'images');
    const freeze = (on: boolean) => {
      const result = spawnSync('chattr', ['-R', on ? '+i' : '-i', images()]);
      if (result.status !== 0) throw new Error(String(result.stderr));
    };
    afterAll(() => freeze(false));

    it('says so in /healthz, answers uploads with a clear 503, keeps upload links, and still deletes', async () => {
      const galleryImage = (await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: await directImage() } })).body;
      const link = await uploadUrl(suite, token);
      freeze(true);
      try {
        const health = await call(suite, 'GET', '/healthz');
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ status: 'unavailable', database: 'ok', storage: 'not writable', disk: 'ok' });

        const message =
          "The image could not be saved: the server's storage is full or not writable. Please try again later, and tell whoever runs the site.";
        const direct = await fetch(`${suite.url}/api/admin/upload`, {
          method: 'POST',
          body: imageForm(jpeg),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(direct.status).toBe(503);
        expect(await direct.json()).toEqual({ message });
        const put = await putTo(link.path, jpeg);
        expect(put.status).toBe(503);
        expect(await put.json()).toEqual({ message });

        // Deleting works: the row goes at once, the files wait for images:gc.
        const removed = await call(suite, 'DELETE', `/api/admin/gallery/${galleryImage.id}`, { token });
        expect(removed.status).toBe(200);
        expect((await call(suite, 'GET', '/api/gallery')).body.find((g: { id: string }) => g.id === galleryImage.id)).toBeUndefined();
      } finally {
        freeze(false);
      }
      expect((await call(suite, 'GET', '/healthz')).status).toBe(200);
      // The link that failed is still good.
      expect((await putTo(link.path, jpeg)).status).toBe(200);
    });

    async function directImage(): Promise<string> {
      const response = await fetch(`${suite.url}/api/admin/upload`, {
        method: 'POST',
        body: imageForm(jpeg),
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { imageUrl: string }).imageUrl;
    }
  });

  describe.skipIf(!tmpfsWorks)('with the image storage full', () => {
    const images = () => path.join(suite.database.dataDir, 'images');
    const filler = () => path.join(images(), 'filler.bin');
    let mounted = false;
    afterAll(() => {
      if (mounted) unmount(images());
    });

    const fill = (freeBytes: number) => fillDisk(images(), filler(), freeBytes);
    const leftovers = () =>
      fs
        .readdirSync(images(), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name !== 'filler.bin')
        .map((entry) => entry.name);

    it('refuses photos past the reserve, says a full disk so, leaves no half-written files, then works once there is room', async () => {
      // A 1 MB disk of its own under the image folder, with few inodes (the stored images stay on
      // the real disk underneath).
      mountTmpfs(images(), '1m,nr_inodes=64');
      mounted = true;
      const link = await uploadUrl(suite, token);
      const message =
        "The image could not be saved: the server's storage is full or not writable. Please try again later, and tell whoever runs the site.";

      fill(0);
      const health = await call(suite, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body.storage).toBe('not writable');
      // Past the last twentieth kept from photos: refused before a byte is written (057).
      const direct = await fetch(`${suite.url}/api/admin/upload`, {
        method: 'POST',
        body: imageForm(jpeg),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(direct.status).toBe(507);
      expect(await direct.json()).toEqual({ message: NO_ROOM_FOR_PHOTOS });

      // Room in bytes, but files for the folder, the master and one variant only: the write fails
      // half-way and is undone.
      fs.rmSync(filler(), { force: true });
      const spare = path.join(images(), 'inodes');
      fs.mkdirSync(spare);
      for (let i = fs.statfsSync(images()).ffree; i > 3; i--) fs.writeFileSync(path.join(spare, String(i)), '');
      const put = await putTo(link.path, jpeg);
      expect(put.status).toBe(503);
      expect(await put.json()).toEqual({ message });
      expect(leftovers().filter((name) => !/^\d+$/.test(name))).toEqual([]);

      fs.rmSync(spare, { recursive: true, force: true });
      expect((await call(suite, 'GET', '/healthz')).status).toBe(200);
      const retried = await putTo(link.path, jpeg);
      expect(retried.status).toBe(200);
      const { objectPath } = (await retried.json()) as { objectPath: string };
      expect((await fetch(`${suite.url}${objectPath}`)).status).toBe(200);
    });
  });
});
