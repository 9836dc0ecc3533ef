import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { fillDisk, mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';

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
