import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { BACKUP_BUCKET as BUCKET, BACKUP_PREFIX as PREFIX, bucketEnv, until, useFreshSites } from '../setup/backup-bucket.ts';
import { create } from '../setup/fill-site.ts';
import { startS3, type LocalS3 } from '../setup/s3-server.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { freePort } from '../setup/start-server.ts';

// The copies in the bucket leave the server: with BACKUP_RECIPIENTS they leave encrypted to keys
// the server does not hold, and only a holder of a secret key restores them.

const ENCRYPTED_KEY = /^oakfield\/club-backup-\d{8}-\d{6}\.tar\.gz\.age$/;
const TITLE = 'Photos from the den building';

/** A key pair from the command volunteers run. */
async function backupKey(): Promise<{ secretKey: string; publicKey: string; printed: string }> {
  const run = await runScript('backup-key', [], {});
  expect(run.code, run.out).toBe(0);
  return {
    secretKey: /^AGE-SECRET-KEY-1\w+$/m.exec(run.out)![0],
    publicKey: /^BACKUP_RECIPIENTS=(age1\w+)$/m.exec(run.out)![1]!,
    printed: run.out,
  };
}

describe('copies in the bucket encrypted to the backup keys', () => {
  const newSite = useFreshSites();
  let s3: LocalS3 | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('replaces the plain copies, keeps only what a secret key opens, and restores with the key', async () => {
    const port = await freePort();
    s3 = await startS3([BUCKET], port);
    const site = await newSite();
    const plainEnv = bucketEnv(port, site);
    // A site that copied plain backups before its keys were set.
    server = await startServer(plainEnv);
    await until(
      () => s3!.keys(BUCKET),
      (keys) => keys.length === 1,
      'the plain copy',
    );
    const token = await login(server.url);
    await create(server.url, token, '/api/admin/news', { title: TITLE, content: '<p>Kept.</p>', publishedAt: '2026-11-01' });
    await server.stop();

    const [treasurer, secretary] = [await backupKey(), await backupKey()];
    expect(treasurer.printed).toContain('Keep the secret key below OFF this server');
    const env = { ...plainEnv, BACKUP_RECIPIENTS: `${treasurer.publicKey}, ${secretary.publicKey}` };
    server = await startServer(env);
    const admin = await login(server.url);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(server.url, 'POST', '/api/admin/backups', { token: admin, body: { currentPassword: ADMIN.password } })).status).toBe(
      201,
    );
    // Both backups in the folder are in the bucket encrypted, and the plain copy is gone.
    const local = fs.readdirSync(env.BACKUP_DIR).sort();
    expect(local).toHaveLength(2);
    await until(
      () => s3!.keys(BUCKET),
      (keys) => JSON.stringify(keys) === JSON.stringify(local.map((name) => `${PREFIX}${name}.age`)),
      'encrypted copies only',
    );
    const status = await call(server.url, 'GET', '/api/admin/backups', { token: admin });
    expect(status.body.offsite).toEqual({
      bucket: BUCKET,
      encrypted: true,
      newestCopyAt: expect.any(String),
      lastFailure: null,
    });
    expect(status.body.earlierSite).toBeNull();
    for (const key of s3.keys(BUCKET)) {
      expect(key).toMatch(ENCRYPTED_KEY);
      const bytes = s3.read(BUCKET, key);
      expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
      // Not the gzip archive: the bucket's owner sees nothing of the site.
      expect(bytes.includes(fs.readFileSync(path.join(env.BACKUP_DIR, local[0]!)).subarray(0, 200))).toBe(false);
    }
    await server.stop();

    // The disk is gone. The new host has the bucket's settings; the secretary has a key.
    const fresh = await newSite();
    const freshEnv = bucketEnv(port, fresh);
    const withoutKey = await runScript('restore', ['--from-bucket'], freshEnv);
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.out).toContain(`The copy ${local[1]}.age is encrypted: its secret key is needed`);
    const stranger = await runScript('restore', ['--from-bucket'], freshEnv, [], (await backupKey()).secretKey);
    expect(stranger.code).toBe(1);
    expect(stranger.out).toContain(`The secret key given does not open The copy ${local[1]}.age: it was encrypted for another key.`);
    // Nothing was written: no backup file, no database.
    expect(fs.existsSync(freshEnv.BACKUP_DIR) ? fs.readdirSync(freshEnv.BACKUP_DIR) : []).toEqual([]);
    expect(fs.existsSync(path.join(fresh.dataDir, 'club.sqlite'))).toBe(false);

    const keyFile = `# created: 2026-11-25T03:00:00Z\n# public key: ${secretary.publicKey}\n${secretary.secretKey}\n`;
    const restored = await runScript('restore', ['--from-bucket'], freshEnv, [], keyFile);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`Downloaded ${local[1]} from the bucket ${BUCKET} into ${freshEnv.BACKUP_DIR}.`);
    expect(fs.readFileSync(path.join(freshEnv.BACKUP_DIR, local[1]!))).toEqual(fs.readFileSync(path.join(env.BACKUP_DIR, local[1]!)));
    server = await startServer(freshEnv);
    expect((await call(server.url, 'GET', '/api/news')).body.map((item: { title: string }) => item.title)).toEqual([TITLE]);
    await server.stop();

    // A copy fetched by hand from the bucket's console, restored from its file with the other key.
    const fetchedTo = fs.mkdtempSync(path.join(os.tmpdir(), 'club-fetched-'));
    onTestFinished(() => fs.rmSync(fetchedTo, { recursive: true, force: true }));
    const handFetched = path.join(fetchedTo, `${local[1]}.age`);
    fs.writeFileSync(handFetched, s3.read(BUCKET, `${PREFIX}${local[1]}.age`));
    const byHand = await newSite();
    const byHandEnv = bucketEnv(port, byHand);
    const fromFile = await runScript('restore', [handFetched], byHandEnv, [], treasurer.secretKey);
    expect(fromFile.code, fromFile.out).toBe(0);
    expect(fromFile.out).toContain(`Decrypted it into ${path.join(byHandEnv.BACKUP_DIR, local[1]!)}.`);
    server = await startServer(byHandEnv);
    expect((await call(server.url, 'GET', '/api/news')).body.map((item: { title: string }) => item.title)).toEqual([TITLE]);
    await server.stop();

    // A copy damaged in the bucket is refused whole: nothing restored from half a file.
    const damaged = Buffer.from(fs.readFileSync(handFetched));
    damaged[damaged.length - 50]! ^= 1;
    fs.writeFileSync(handFetched, damaged);
    const broken = await newSite();
    const refused = await runScript('restore', [handFetched], bucketEnv(port, broken), [], treasurer.secretKey);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${local[1]}.age is damaged or incomplete and cannot be decrypted`);
    expect(fs.existsSync(path.join(broken.dataDir, 'club.sqlite'))).toBe(false);
  }, 120_000);

  it('refuses a mistyped public key at start, naming the variable', async () => {
    const site = await newSite();
    const { publicKey } = await backupKey();
    const env = { ...bucketEnv(1, site), BACKUP_RECIPIENTS: publicKey.slice(0, -1) };
    await expect(startServer(env)).rejects.toThrow('BACKUP_RECIPIENTS: must be age public keys');
  });
});
