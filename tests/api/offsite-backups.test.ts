import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { create } from '../setup/fill-site.ts';
import { addIncompressibleImages } from '../setup/incompressible-images.ts';
import { startS3, type LocalS3 } from '../setup/s3-server.ts';
import { runScript } from '../setup/scripts.ts';
import { startTcpProxy } from '../setup/tcp-proxy.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { freePort } from '../setup/start-server.ts';
import { newerVersionMigrates } from '../setup/newer-version.ts';
import {
  BACKUP_BUCKET as BUCKET,
  BACKUP_PREFIX as PREFIX,
  bucketEnv,
  dailyCopyName,
  putCopies,
  until,
  useFreshSites,
} from '../setup/backup-bucket.ts';

// A failed disk takes the database, the photos and the backups beside them. With BACKUP_S3_BUCKET
// each daily backup is copied to a bucket (here s3rver on 127.0.0.1), and a new host is brought
// back from it with one command.

const DAILY_KEY = /^oakfield\/club-backup-\d{8}-\d{6}\.tar\.gz$/;

describe('daily backups copied off the server to a bucket', () => {
  const newSite = useFreshSites();
  let s3: LocalS3 | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('copies each backup, in parts when large, keeps BACKUP_KEEP there, and a new host restores the newest', async () => {
    const port = await freePort();
    s3 = await startS3([BUCKET], port);
    const site = await newSite();
    // 12 MB that does not compress: the copy goes as a multipart upload (8 MB parts).
    await addIncompressibleImages(site, 3, 4 * 1024 * 1024);
    const env = bucketEnv(port, site);
    server = await startServer(env);
    // The daily backup is due at start; its copy follows.
    const keys = () => s3!.keys(BUCKET);
    await until(keys, (found) => found.length === 1, 'the first copy');
    expect(keys()[0]).toMatch(DAILY_KEY);
    const token = await login(server.url);
    const status = await call(server.url, 'GET', '/api/admin/backups', { token });
    expect(status.body.offsite).toEqual({
      bucket: BUCKET,
      encrypted: false,
      newestCopyAt: expect.any(String),
      lastFailure: null,
    });
    expect(status.body.earlierSite).toBeNull();

    await create(server.url, token, '/api/admin/news', {
      title: 'Written before the disk failed',
      content: '<p>Kept.</p>',
      publishedAt: '2026-11-01',
    });
    // Names have one-second steps: the next backups are a second apart.
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
    }
    const local = fs.readdirSync(env.BACKUP_DIR).sort();
    expect(local).toHaveLength(2);
    // The bucket holds the same newest two; the first was removed from it as from the folder.
    await until(
      keys,
      (found) => JSON.stringify(found) === JSON.stringify(local.map((name) => `${PREFIX}${name}`)),
      'the bucket trimmed to 2',
    );
    await server.stop();

    // The disk is gone: a new host with the same settings and nothing else.
    const fresh = await newSite();
    const freshEnv = bucketEnv(port, fresh);
    const restored = await runScript('restore', ['--from-bucket'], freshEnv);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`Downloaded ${local[1]} from the bucket ${BUCKET} into ${freshEnv.BACKUP_DIR}.`);
    expect(restored.out).not.toContain('It holds no news');
    expect(fs.statSync(path.join(freshEnv.BACKUP_DIR, local[1]!)).size).toBe(fs.statSync(path.join(env.BACKUP_DIR, local[1]!)).size);
    server = await startServer(freshEnv);
    const news = await call(server.url, 'GET', '/api/news');
    expect(news.body.map((item: { title: string }) => item.title)).toEqual(['Written before the disk failed']);
    await server.stop();

    const missing = await runScript('restore', ['--from-bucket', 'club-backup-20200101-000000.tar.gz'], bucketEnv(port, await newSite()));
    expect(missing.code).toBe(1);
    expect(missing.out).toContain(`The bucket ${BUCKET} holds no backup called club-backup-20200101-000000.tar.gz.`);
    // Only a backup's name is taken: no path out of the backup folder, no other key of the bucket (a NUL cannot reach a command's arguments).
    for (const name of ['../../etc/passwd', `${PREFIX}${local[1]}`, 'club-backup-20200101-000000.tar.gz\u0007.sh', '..%2Fclub.sqlite']) {
      const refused = await runScript('restore', ['--from-bucket', name], bucketEnv(port, fresh));
      expect(refused.code, name).toBe(1);
      expect(refused.out, name).toContain('is not the name of a backup (club-backup-YYYYMMDD-HHMMSS.tar.gz).');
    }
  }, 90_000);

  it('a bucket out of reach: the backup is kept on the server, Settings says so, and the copy goes once it is back', async () => {
    await s3?.stop();
    s3 = undefined;
    const port = await freePort(); // nothing listens there yet
    const site = await newSite();
    const env = bucketEnv(port, site);
    server = await startServer(env);
    const token = await login(server.url);
    const status = () => call(server!.url, 'GET', '/api/admin/backups', { token }).then((answer) => answer.body);
    const failed = await until(status, (body) => body.offsite?.lastFailure !== null, 'the failed copy in Settings');
    expect(failed.offsite.lastFailure.message).toBe(
      'The backup bucket could not be reached or refused the copy (ECONNREFUSED). It is tried again every few minutes, and the backups on the server are kept. Tell whoever runs the site if this stays.',
    );
    expect(failed.lastBackupAt).not.toBeNull();
    expect(fs.readdirSync(env.BACKUP_DIR)).toHaveLength(1);

    // The bucket is back; a volunteer's 'Download a backup' sends what the bucket lacks at once.
    s3 = await startS3([BUCKET], port);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
    await until(
      () => s3!.keys(BUCKET),
      (found) => found.length === 2,
      'both backups in the bucket',
    );
    const healed = await until(status, (body) => body.offsite?.lastFailure === null, 'the failure cleared');
    expect(healed.offsite.newestCopyAt).not.toBeNull();
    await server.stop();

    // The restore command says in words when the bucket is out of reach.
    await s3.stop();
    s3 = undefined;
    const unreachable = await runScript('restore', ['--from-bucket'], bucketEnv(port, await newSite()));
    expect(unreachable.code).toBe(1);
    expect(unreachable.out).toContain(`The bucket ${BUCKET} could not be reached or refused the request (ECONNREFUSED)`);
  }, 90_000);

  it('a bucket whose network goes silent: the site keeps answering, the copy gives up within seconds and goes once the network is back', async () => {
    await s3?.stop();
    const port = await freePort();
    s3 = await startS3([BUCKET], port);
    const relay = await startTcpProxy(`http://127.0.0.1:${port}`);
    const site = await newSite();
    const env: Record<string, string> = { ...bucketEnv(port, site), S3_ENDPOINT: relay.url, S3_TIMEOUT_SECONDS: '1' };
    try {
      server = await startServer(env);
      await until(
        () => s3!.keys(BUCKET),
        (found) => found.length === 1,
        'the first copy',
      );
      const token = await login(server.url);
      const status = () => call(server!.url, 'GET', '/api/admin/backups', { token }).then((answer) => answer.body);

      relay.goSilent();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
      // The copy waits on a network that answers nothing; visitors do not.
      const started = Date.now();
      expect((await call(server.url, 'GET', '/news')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      const failed = await until(status, (body) => body.offsite?.lastFailure !== null, 'the failed copy in Settings', 30_000);
      expect(failed.offsite.lastFailure.message).toMatch(/^The backup bucket could not be reached or refused the copy \(\w+\)\. /);
      expect(s3.keys(BUCKET)).toHaveLength(1);

      relay.heal();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
      const local = fs.readdirSync(env.BACKUP_DIR!).sort();
      await until(
        () => s3!.keys(BUCKET),
        (found) => JSON.stringify(found) === JSON.stringify(local.map((name) => `${PREFIX}${name}`)),
        'the copies once the network is back',
      );
      expect((await status()).offsite.lastFailure).toBeNull();
    } finally {
      await server?.stop();
      await relay.stop();
    }
  }, 90_000);

  it('a site that starts empty (its disk lost, or not mounted) leaves copies of the earlier weeks and months in the bucket, and says how to bring them back', async () => {
    await s3?.stop();
    const port = await freePort();
    s3 = await startS3([BUCKET], port);
    // Two months of the club's daily copies, the newest two days old (only their names count here).
    const earlier = Array.from({ length: 60 }, (_, i) => dailyCopyName(i + 2));
    await putCopies(port, earlier);

    const site = await newSite();
    server = await startServer(bucketEnv(port, site));
    // The empty site's first backup goes up, and the bucket is trimmed: then Settings shows the newest copy.
    const token = await login(server.url);
    const offsite = async () => (await call(server!.url, 'GET', '/api/admin/backups', { token })).body.offsite;
    await until(offsite, (status) => status.newestCopyAt !== null, 'the copy and the trim');
    // Settings, the dashboard and the log say that the bucket holds the site from before, and how to bring it back…
    const command = `npm run restore -- --from-bucket ${earlier[0]} --replace`;
    const earlierSite = async () => (await call(server!.url, 'GET', '/api/admin/backups', { token })).body.earlierSite;
    expect(await earlierSite()).toEqual({
      databaseMadeAt: expect.any(String),
      copyAt: `${earlier[0]!.slice(12, 16)}-${earlier[0]!.slice(16, 18)}-${earlier[0]!.slice(18, 20)}T02:00:00.000Z`,
      command,
    });
    expect(server.output()).toContain(
      `this site's database is new and holds no news, events or photos, but backups of the site from before it are kept: if the site lost its data, stop it and run ${command}`,
    );
    // …until the site holds news (the club meant to start afresh, or a restore).
    await create(server.url, token, '/api/admin/news', { title: 'A fresh start', content: '<p>New.</p>', publishedAt: '2026-11-01' });
    expect(await earlierSite()).toBeNull();
    await server.stop();
    const left = s3.keys(BUCKET).map((key) => key.slice(PREFIX.length));
    const kept = earlier.filter((name) => left.includes(name));
    // BACKUP_KEEP (2) alone kept only the newest of them, and a fortnight of the empty site's would
    // have left none; now the newest of each of seven earlier weeks at least, and of earlier months.
    expect(kept).toContain(earlier[0]);
    expect(kept.length).toBeGreaterThanOrEqual(7);
    expect(kept.some((name) => name < dailyCopyName(40))).toBe(true);
    expect(left).toHaveLength(kept.length + 1);

    // The one command of a new host restores the newest copy, the empty site's: it says so, and which to restore instead.
    const restored = await runScript('restore', ['--from-bucket'], bucketEnv(port, await newSite()));
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(
      `It holds no news, events or photos. If the site had some, an earlier copy in the bucket holds them (${kept.length} older, the newest ${earlier[0]}): npm run restore -- --from-bucket ${earlier[0]} --replace`,
    );
  }, 60_000);

  it('a version started again after a newer one changed its database names the copy from before the change (the folder holding none), and the restore it names brings this version back', async () => {
    await s3?.stop();
    const port = await freePort();
    s3 = await startS3([BUCKET], port);
    const site = await newSite();
    const env = bucketEnv(port, site);
    server = await startServer(env);
    const token = await login(server.url);
    await create(server.url, token, '/api/admin/news', { title: 'Before the upgrade', content: '<p>Kept.</p>', publishedAt: '2026-11-01' });
    // The backup at start holds no news; one taken now does, and goes to the bucket too.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
    const copies = () => s3!.keys(BUCKET).sort();
    await until(copies, (keys) => keys.length === 2, 'both copies in the bucket');
    const before = copies().at(-1)!.slice(PREFIX.length);
    await server.stop();
    fs.rmSync(env.BACKUP_DIR, { recursive: true, force: true });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await newerVersionMigrates(site);

    const command = `npm run restore -- --from-bucket ${before} --replace`;
    await expect(startServer(env)).rejects.toThrow(
      `or, to go back to this version, stop the site and restore the backup taken before that change: ${command}.`,
    );
    const restored = await runScript('restore', command.split(' ').slice(4), env);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain('and is kept as it was for that version');
    server = await startServer(env);
    expect((await call(server.url, 'GET', '/api/news')).body.map((item: { title: string }) => item.title)).toEqual(['Before the upgrade']);
  }, 90_000);

  it('needs BACKUP_DIR', async () => {
    const site = await newSite();
    const { BACKUP_DIR: _unused, ...env } = bucketEnv(1, site);
    await expect(startServer(env)).rejects.toThrow('BACKUP_S3_BUCKET: needs BACKUP_DIR: the daily backups there are what is copied');
  });
});
