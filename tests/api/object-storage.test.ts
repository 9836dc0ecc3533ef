import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isValidKey } from '../../src/core/images/storage.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { onPostgres, testDatabases, type FreshDatabase } from '../setup/databases.ts';
import { create, uploadImage } from '../setup/fill-site.ts';
import { startS3, type LocalS3 } from '../setup/s3-server.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { startTcpProxy } from '../setup/tcp-proxy.ts';

// Image files in an S3-compatible bucket (S3_BUCKET…), tested against s3rver on 127.0.0.1:
// served through the site as from the local folder, shared by several instances, collected by
// images:gc, backed up and restored.

const root = path.resolve(import.meta.dirname, '../..');
const sqliteDb = testDatabases.find((db) => db.kind === 'sqlite')!;

const envOf = (database: FreshDatabase) => ({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });

describe('images in an S3-compatible bucket', () => {
  let s3: LocalS3;
  let database: FreshDatabase;
  let server: RunningServer;
  let env: Record<string, string | undefined>;
  let token: string;
  beforeAll(async () => {
    s3 = await startS3(['club', 'restored']);
    database = await sqliteDb.createSite();
    env = { ...envOf(database), ...s3.env('club'), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
    server = await startServer(env);
    token = await login(server.url);
  });
  afterAll(async () => {
    await server.stop();
    await database.drop();
    await s3.stop();
  });

  it('stores uploads in the bucket, not on the disk, and serves them with the same URLs and caching', async () => {
    const image = await uploadImage(server.url, token, 1);
    const id = image.split('/').pop()!;
    expect(s3.keys('club').filter((key) => key.startsWith(`${id}/`)).length).toBeGreaterThan(4);
    expect(fs.existsSync(path.join(database.dataDir, 'images', id))).toBe(false);
    const served = await fetch(`${server.url}${image}/640.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    // The copy link previews show is drawn and kept in the bucket too (docs/decisions/087).
    const shared = await fetch(`${server.url}${image}/share.jpg`);
    expect([shared.status, shared.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(s3.keys('club')).toContain(`${id}/share.jpg`);
    expect((await call(server.url, 'GET', '/healthz')).body).toMatchObject({ status: 'ok', storage: 'ok' });
  });

  it('collects unused images from the bucket with images:gc', async () => {
    const orphan = (await uploadImage(server.url, token, 2)).split('/').pop()!;
    const kept = await uploadImage(server.url, token, 3);
    await create(server.url, token, '/api/admin/gallery', { imageUrl: kept, caption: 'Kept' });
    // Files with no row yet, as an upload leaves them while it is being stored (files, then row):
    // kept within the grace period, collected after it.
    const client = new S3Client({
      endpoint: env.S3_ENDPOINT!,
      region: env.S3_REGION!,
      forcePathStyle: true,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
    });
    await client.send(new PutObjectCommand({ Bucket: 'club', Key: 'storingnow/master.webp', Body: 'image' }));
    // An object the site did not make, put in its bucket by someone else: left alone (decision 130).
    await client.send(new PutObjectCommand({ Bucket: 'club', Key: 'README.txt', Body: 'notes' }));
    client.destroy();
    const early = await runScript('images-gc', ['--grace-minutes', '60'], env);
    expect(early.code, early.out).toBe(0);
    expect(s3.keys('club')).toContain('storingnow/master.webp');
    expect(s3.keys('club').some((key) => key.startsWith(`${orphan}/`))).toBe(true);
    const run = await runScript('images-gc', ['--grace-minutes', '0'], env);
    expect(run.code, run.out).toBe(0);
    expect(s3.keys('club')).not.toContain('storingnow/master.webp');
    expect(s3.keys('club').some((key) => key.startsWith(`${orphan}/`))).toBe(false);
    expect(s3.keys('club').some((key) => key.startsWith(`${kept.split('/').pop()!}/`))).toBe(true);
    expect(s3.keys('club')).toContain('README.txt');
  });

  it('backs up from the bucket and restores into another bucket', async () => {
    const file = path.join(database.dataDir, 'with-s3.tar.gz');
    const backup = await runScript('backup', ['--out', file], env);
    expect(backup.code, backup.out).toBe(0);
    const target = await sqliteDb.create();
    const targetEnv = { ...envOf(target), ...s3.env('restored') };
    try {
      const restore = await runScript('restore', [file], targetEnv);
      expect(restore.code, restore.out).toBe(0);
      // The site's own keys: what it did not make (the README.txt above) is not backed up (decision 130).
      expect(s3.keys('club')).toContain('README.txt');
      expect(s3.keys('restored')).toEqual(s3.keys('club').filter(isValidKey));
      const other = await startServer(targetEnv);
      const gallery = await call(other.url, 'GET', '/gallery');
      const image = /\/images\/[a-z0-9]+\/\d+\.(webp|avif)/.exec(gallery.text)![0];
      expect((await fetch(`${other.url}${image}`)).status).toBe(200);
      await other.stop();
    } finally {
      await target.drop();
    }
  });

  it('answers 503 with a message, and healthz says so, while the bucket cannot be reached', async () => {
    const lone = await startS3(['lone']);
    const site = await sqliteDb.createSite();
    const down = await startServer({ ...envOf(site), ...lone.env('lone'), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await lone.stop();
    try {
      const health = await call(down.url, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ storage: expect.not.stringMatching(/^ok$/) });
      const downToken = await login(down.url);
      const form = new FormData();
      form.append(
        'image',
        new Blob([new Uint8Array(fs.readFileSync(path.join(root, 'public/og-image.png')))], { type: 'image/png' }),
        'a.png',
      );
      const answer = await fetch(`${down.url}/api/admin/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${downToken}` },
      });
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { message: string }).message).toMatch(/could not be saved/);
      // Nothing was half-stored: the database holds no image either.
      expect((await call(down.url, 'GET', '/api/gallery')).body).toEqual([]);
    } finally {
      await down.stop();
      await site.drop();
    }
  }, 60_000);

  it('answers 503 within seconds while the bucket stops answering without closing, and serves again after, on new connections', async () => {
    const quiet = await startS3(['quiet']);
    const bucket = quiet.env('quiet');
    const proxy = await startTcpProxy(bucket.S3_ENDPOINT!);
    const site = await sqliteDb.createSite();
    const slow = await startServer({
      ...envOf(site),
      ...bucket,
      S3_ENDPOINT: proxy.url,
      S3_TIMEOUT_SECONDS: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const quietToken = await login(slow.url);
      const image = await uploadImage(slow.url, quietToken, 3);
      expect((await fetch(`${slow.url}${image}/640.webp`)).status).toBe(200);
      proxy.goSilent();
      const timed = async (what: () => Promise<number>) => {
        const started = performance.now();
        const status = await what();
        return { status, ms: performance.now() - started };
      };
      // Three attempts of one second each, and the SDK's pauses between them.
      const read = await timed(async () => (await fetch(`${slow.url}${image}/320.webp`)).status);
      expect(read.status).toBe(503);
      expect(read.ms).toBeLessThan(15_000);
      const health = await timed(async () => (await call(slow.url, 'GET', '/healthz')).status);
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(15_000);
      proxy.heal();
      await expect.poll(async () => (await fetch(`${slow.url}${image}/320.webp`)).status, { timeout: 15_000 }).toBe(200);
      // The connections open now go silent for good while new ones get through (the bucket's
      // address moved, a NAT forgot them): the SDK drops them and reads on new ones.
      proxy.strandOpen();
      // The first read waits one timeout on its stranded connection and is tried again on a new one.
      for (const width of [320, 640, 320, 640]) {
        const again = await timed(async () => (await fetch(`${slow.url}${image}/${width}.webp`)).status);
        expect(again.status, `${width}`).toBe(200);
        expect(again.ms, `${width}`).toBeLessThan(5_000);
      }
    } finally {
      await slow.stop();
      await proxy.stop();
      await quiet.stop();
      await site.drop();
    }
  }, 90_000);
});

onPostgres('two instances on one PostgreSQL database and one bucket', (postgres) => {
  let s3: LocalS3;
  let database: FreshDatabase;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    s3 = await startS3(['shared']);
    database = await postgres.createSite();
    // Two hosts without a shared disk: each has its own DATA_DIR.
    const env = { DATABASE_URL: database.databaseUrl, ...s3.env('shared'), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
    a = await startServer({ ...env, DATA_DIR: fs.mkdtempSync(path.join(database.dataDir, 'a-')) });
    b = await startServer({ ...env, DATA_DIR: fs.mkdtempSync(path.join(database.dataDir, 'b-')) });
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
    await database.drop();
    await s3.stop();
  });

  it("serves each other's uploads and shows each other's writes and deletes on the next request", async () => {
    const token = await login(a.url);
    // Both have the gallery in their page cache before the write.
    for (const server of [a, b]) for (let i = 0; i < 2; i++) await call(server.url, 'GET', '/gallery');
    const image = await uploadImage(a.url, token, 4);
    const photo = await create(a.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'Shared photo' });
    expect((await fetch(`${b.url}${image}/640.webp`)).status).toBe(200);
    const seen = async (server: RunningServer) => {
      for (let i = 0; i < 20; i++) {
        if ((await call(server.url, 'GET', '/gallery')).text.includes('Shared photo')) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await seen(b)).toBe(true);

    expect((await call(a.url, 'DELETE', `/api/admin/gallery/${photo.id}`, { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await call(b.url, 'GET', '/gallery')).text.includes('Shared photo')).toBe(false);
    // Deleted for ever on B: the files go from the bucket, and A no longer serves them.
    const tokenB = await login(b.url);
    expect((await call(b.url, 'DELETE', `/api/admin/deleted/gallery/${photo.id}`, { token: tokenB })).status).toBe(200);
    expect(s3.keys('shared').some((key) => key.startsWith(`${image.split('/').pop()!}/`))).toBe(false);
    expect((await fetch(`${a.url}${image}/640.webp`)).status).toBe(404);
  }, 60_000);
});
