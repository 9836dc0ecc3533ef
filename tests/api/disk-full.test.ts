import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { fillDisk, mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';
import { phoneJpeg } from '../fixtures/images.ts';
import { NO_ROOM_FOR_PHOTOS } from '../../src/core/disk/disk-space.schema.ts';

// A disk that fills up (logs, backups, photos) must not cost anything already saved: the site
// keeps serving what it has, refuses new writes with a message a volunteer understands, and
// takes them again once there is room. SQLite in DATA_DIR on a small tmpfs of its own.

describe.skipIf(!tmpfsWorks)('a full disk on sqlite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-full-'));
  const filler = path.join(dataDir, 'filler.bin');
  const env = { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  let server: RunningServer;
  beforeAll(async () => {
    mountTmpfs(dataDir, '16m');
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    unmount(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says a disk is nearly full while there is still room, to the dashboard and the health check', async () => {
    const token = await login(server.url);
    const disks = async () => (await call(server.url, 'GET', '/api/admin/disk', { token })).body;
    const [roomy] = await disks();
    expect(roomy).toMatchObject({ holds: ['the database', 'photos', 'backups'], totalBytes: 16 * 1024 * 1024, low: false });
    expect((await call(server.url, 'GET', '/healthz')).body).toMatchObject({ status: 'ok', disk: 'ok' });

    // 1 MB left of 16: under a tenth, and everything still works.
    fillDisk(dataDir, filler, 1024 * 1024);
    const [low] = await disks();
    expect(low.low).toBe(true);
    expect(low.freeBytes).toBeLessThan(1.6 * 1024 * 1024);
    const health = await call(server.url, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok', disk: 'low' });
    expect((await call(server.url, 'GET', '/api/admin/disk')).status).toBe(401);

    fs.rmSync(filler);
    expect((await disks())[0].low).toBe(false);
  });

  it('says at start that a site kept in memory is lost when the machine restarts', () => {
    const said = server
      .output()
      .split('\n')
      .filter((line) => line.includes('is in memory (tmpfs)'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(said).toEqual([
      {
        ...said[0],
        level: 40,
        msg: `${dataDir} is in memory (tmpfs): the database, photos, and backups kept there will be lost when the machine restarts. Set DATA_DIR (or BACKUP_DIR) to a folder on a disk.`,
      },
    ]);
  });

  it('keeps the last twentieth of the disk from new photos, for text and backups, and takes them again once there is room', async () => {
    const token = await login(server.url);
    const photo = new Uint8Array(await phoneJpeg(1200, 800));
    const direct = async () => {
      const form = new FormData();
      form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const response = await fetch(`${server.url}/api/admin/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const link = (await call(server.url, 'POST', '/api/objects/upload', { token })).body.uploadURL as string;
    const newsFlow = async () => {
      const response = await fetch(`${server.url}${new URL(link).pathname}`, {
        method: 'PUT',
        body: photo,
        headers: { 'content-type': 'image/jpeg' },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    // 700 KB left of 16 MB: under the twentieth (819 KB) that photos leave alone.
    fillDisk(dataDir, filler, 700 * 1024);
    for (const refused of [await direct(), await newsFlow()]) {
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual({ message: NO_ROOM_FOR_PHOTOS });
    }
    // Nothing of the refused photos was stored, and text is still saved in the room kept for it.
    expect(fs.readdirSync(path.join(dataDir, 'images')).filter((name) => name !== 'remote')).toEqual([]);
    const text = await call(server.url, 'POST', '/api/admin/news', {
      token,
      body: { title: 'Saved in the reserve', content: '<p>Still works</p>', publishedAt: '2026-11-01' },
    });
    expect(text.status).toBe(201);

    fs.rmSync(filler);
    expect((await direct()).status).toBe(200);
    // The upload link was not used up by the refusal.
    expect((await newsFlow()).status).toBe(200);
  });

  it('keeps serving, refuses writes with a clear 503, and loses nothing', async () => {
    const token = await login(server.url);
    const news = (title: string) =>
      call(server.url, 'POST', '/api/admin/news', {
        token,
        body: { title, content: `<p>${'x'.repeat(20_000)}</p>`, publishedAt: '2026-11-01' },
      });
    expect((await news('Before the disk filled')).status).toBe(201);

    fillDisk(dataDir, filler);
    // SQLite may still fit a row or two into pages it already has; keep writing until it cannot.
    let refused = await news('Written on a full disk 0');
    for (let i = 1; i < 50 && refused.status === 201; i++) refused = await news(`Written on a full disk ${i}`);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      message: "The server's disk is full, so nothing can be saved right now. Please try again later, and tell whoever runs the site.",
    });
    expect((await call(server.url, 'GET', '/news')).status).toBe(200);
    const listed = await call(server.url, 'GET', '/api/news');
    expect(listed.status).toBe(200);
    expect(listed.body.map((n: { title: string }) => n.title)).toContain('Before the disk filled');
    expect((await call(server.url, 'GET', '/healthz')).status).toBe(503);

    fs.rmSync(filler);
    expect((await news('After making room')).status).toBe(201);
    await server.stop();
    server = await startServer(env);
    const titles = (await call(server.url, 'GET', '/api/news')).body.map((n: { title: string }) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Before the disk filled', 'After making room']));
    expect(server.output()).not.toMatch(/"level":50.*request failed/);
  });
});
