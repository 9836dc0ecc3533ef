import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BACKUP_FOLDER_NOT_ANSWERING, NOT_ANSWERING_WHY } from '../../src/core/disk/folder-gate.ts';
import { call, login } from '../setup/api-client.ts';
import { useBackupFolder } from '../setup/backup-folder.ts';
import { sqliteDb } from '../setup/databases.ts';
import { damageTable } from '../setup/damage.ts';
import { create } from '../setup/fill-site.ts';
import { ADMIN, startServer } from '../setup/server.ts';
import { holdFolder, withFolderHeld } from '../setup/syscall-trace.ts';
import { lastMigrationOf, siteFromVersion0003, VERSION_0003 } from '../setup/earlier-version.ts';
import { newerVersionMigrates } from '../setup/newer-version.ts';

// docs/deploy.md puts BACKUP_DIR on another disk, often a network drive or a volume of its own.
// Such a disk can stop answering without failing (its server gone, the volume detached): each call
// on it waits in the kernel. Before docs/decisions/144, four health checks held all of Node's file
// threads (sign-ins, compressed answers and photos stopped), and the daily backup's look at the
// folder, made on the main thread within a minute, stopped every page. The site must go on, and
// say what is wrong.

/**
 * What a process says as it ends itself while a thread waits on the folder (its exit would wait for
 * that thread); under strace the kill waits too, so the test ends it.
 */
const ENDS_ITSELF = 'the process ends without waiting for it';

const seconds = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
};

describe('a backup folder whose disk stops answering', () => {
  const backups = useBackupFolder();
  let held: { release(): Promise<void> } | undefined;
  afterAll(async () => held?.release());
  /** What a start with the folder held says, for a start that ends itself ('started' if it serves). */
  const refusedStart = (env: Record<string, string | undefined>) =>
    startServer(env, undefined, { via: withFolderHeld(backups.backupDir), readyWithinMs: 10_000, endedWhen: ENDS_ITSELF }).then(
      async (server) => {
        await server.stop('SIGKILL');
        return 'started';
      },
      (error: Error) => error.message,
    );

  it('goes on serving, signing in and saving while the backup folder does not answer, says so, and backs up again once it does', async () => {
    const site = await backups.site(sqliteDb.createSite());
    const server = await backups.start(site);
    const token = await login(server.url);
    const status = async () => (await call(server.url, 'GET', '/api/admin/backups', { token })).body;
    // The backup a start takes when none is due yet (the folder is new).
    await expect.poll(async () => (await status()).lastBackupAt, { timeout: 30_000 }).not.toBeNull();
    const before = (await status()).lastBackupAt as string;

    held = await holdFolder(server.process.pid!, backups.backupDir);

    // More health checks at once than Node has file threads: each answers, within the folder's wait.
    const checks = await Promise.all(Array.from({ length: 6 }, () => seconds(() => call(server.url, 'GET', '/healthz'))));
    for (const check of checks) {
      expect(check.result.status).toBe(200);
      expect(check.result.body).toMatchObject({ status: 'ok', database: 'ok', storage: 'ok', disk: 'not answering' });
      expect(check.seconds).toBeLessThan(10);
    }
    // Then what needs those threads: a sign-in (its password hash), an answer compressed, a save.
    const again = await seconds(() => login(server.url, ADMIN.username, ADMIN.password));
    expect(again.seconds).toBeLessThan(5);
    await create(server.url, token, '/api/admin/news', { title: 'Saved all the same', content: '<p>x</p>', publishedAt: '2026-11-02' });
    const news = await call(server.url, 'GET', '/api/news', { headers: { 'accept-encoding': 'gzip' } });
    expect(news.status).toBe(200);
    expect(news.text).toContain('Saved all the same');
    for (const pathname of ['/', '/news', '/events']) expect((await call(server.url, 'GET', pathname)).status, pathname).toBe(200);

    // Settings says why, and keeps the last backup it saw; a backup asked for is refused in words.
    expect(await status()).toMatchObject({ lastBackupAt: before, lastFailure: { message: BACKUP_FOLDER_NOT_ANSWERING } });
    const asked = await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } });
    expect([asked.status, asked.body.message]).toEqual([503, BACKUP_FOLDER_NOT_ANSWERING]);
    expect(server.output()).toContain('does not answer');

    await held.release();
    held = undefined;
    await expect.poll(async () => (await call(server.url, 'GET', '/healthz')).body.disk, { timeout: 15_000 }).toBe('ok');
    const taken = await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } });
    expect(taken.status, taken.text).toBe(201);
    expect((await status()).lastFailure).toBeNull();
  }, 60_000);

  it('starts while the backup folder does not answer, and says so', async () => {
    const site = await backups.site(sqliteDb.createSite());
    // Started by root here, which first checks who owns the folders (044): that waited for ever.
    const server = await startServer(backups.envOf(site), undefined, { via: withFolderHeld(backups.backupDir), readyWithinMs: 30_000 });
    try {
      expect((await call(server.url, 'GET', '/healthz')).body).toMatchObject({ status: 'ok', disk: 'not answering' });
      expect((await call(server.url, 'GET', '/')).status).toBe(200);
      await login(server.url);
      expect(server.output()).toContain('the backup folder does not answer');
    } finally {
      // SIGKILL to strace and the server at once: strace stopping while it holds a call leaves the
      // server's thread held for good (its own fault: "delayed wait data set already").
      await server.stop('SIGKILL');
    }
  }, 60_000);

  it('does not start an upgrade while the backup folder does not answer, and says why (132)', async () => {
    const site = await backups.site(sqliteDb.create());
    await siteFromVersion0003(site, { id: 'before', title: 'Before the upgrade', imageId: null });
    // The backup before migrating waited for ever, with nothing in the log.
    const refused = await refusedStart({ ...backups.envOf(site), ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    expect(refused).toContain('The site was not started: this version changes the database, and a backup of it is taken first');
    expect(refused).toContain(`The backup folder ${backups.backupDir} does not answer`);
    expect(refused).toContain(ENDS_ITSELF);
    expect(await lastMigrationOf(site)).toBe(VERSION_0003);
  }, 60_000);

  it('does not start on a database a newer version changed, and says why, while the backup folder does not answer (140)', async () => {
    const site = await backups.site(sqliteDb.createSite());
    await newerVersionMigrates(site);
    // The way back names the backup before the change, looked for in the folder: that waited for ever.
    const refused = await refusedStart(backups.envOf(site));
    expect(refused).toContain('The site was not started. This database was changed by a newer version of the site');
    expect(refused).toContain(
      `stop the site and restore the backup taken before that change: npm run restore -- FILE --replace (the backup folder ${backups.backupDir} does not answer (${NOT_ANSWERING_WHY}): name one kept elsewhere)`,
    );
  }, 60_000);

  it('says what to do about a damaged database while the backup folder does not answer', async () => {
    const site = await backups.site(sqliteDb.createSite());
    const file = path.join(site.dataDir, 'club.sqlite');
    const db = new DatabaseSync(file);
    db.prepare('insert into who_we_are (id, about_us, who_are_we, contact_email, updated_at) values (1, ?, ?, ?, ?)').run(
      '<p>About</p>',
      '<p>Us</p>',
      'club@example.com',
      '2026-11-01T00:00:00.000Z',
    );
    db.close();
    damageTable(file, 'who_we_are');
    // The advice names the newest backup in the folder: that look held the start for ever.
    const server = await startServer(backups.envOf(site), undefined, {
      via: withFolderHeld(backups.backupDir),
      readyWithinMs: 30_000,
      healthy: false,
    });
    try {
      expect((await call(server.url, 'GET', '/healthz')).body).toMatchObject({ database: 'damaged', disk: 'not answering' });
      await expect
        .poll(() => server.output(), { timeout: 15_000 })
        .toContain(
          `the database is damaged: the backup folder ${backups.backupDir} does not answer (${NOT_ANSWERING_WHY}): stop the server and restore one kept elsewhere with npm run restore -- FILE --replace`,
        );
      expect((await call(server.url, 'GET', '/news')).status).toBe(200);
    } finally {
      await server.stop('SIGKILL');
    }
  }, 60_000);
});
