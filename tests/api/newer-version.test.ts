import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName } from '../../src/core/backup/backup-files.ts';
import { unknownMigrations } from '../../src/core/db/connect.ts';
import { call, login } from '../setup/api-client.ts';
import { BACKUP_BUCKET, BACKUP_PREFIX, bucketEnv, until, useFreshSites } from '../setup/backup-bucket.ts';
import { useBackupFolder } from '../setup/backup-folder.ts';
import { eachDatabase, type FreshDatabase } from '../setup/databases.ts';
import { openDatabase } from '../setup/direct-db.ts';
import { create } from '../setup/fill-site.ts';
import { startS3, type LocalS3 } from '../setup/s3-server.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { freePort } from '../setup/start-server.ts';

// An upgrade that went wrong, undone as docs/deploy.md says: the version before it started again
// on the database the newer one changed (docs/decisions/140). It says so and what to do instead of
// "corrupted migrations", changes nothing, backs up nothing half, and the restore it names works.

const NEWER = '2099_01_01_0001_from_a_newer_version';

eachDatabase('a version started again after a newer one changed its database ($kind)', (db) => {
  const backups = useBackupFolder();
  const { backupDir, envOf } = backups;
  const newSite = (made: Promise<FreshDatabase>) => backups.site(made);
  const titles = async (url: string) => (await call(url, 'GET', '/api/news')).body.map((item: { title: string }) => item.title);

  it('says what to do instead of starting, changes nothing, and the restore it names brings this version back', async () => {
    const site = await newSite(db.createSite());
    let server = await backups.start(site);
    await create(server.url, await login(server.url), '/api/admin/news', {
      title: 'Before the upgrade',
      content: '<p>Kept.</p>',
      publishedAt: '2026-11-01',
    });
    await server.stop();

    // The newer version, in a later second than this one's last backup: its backup before
    // migrating, its migration (a column, a table), and its daily backups, the first named in the
    // second of its migration (taken at its start, after migrating): none of those can go back.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const upgradedAt = new Date();
    const beforeMigration = path.join(backupDir, backupFileName(upgradedAt, 'before-migration'));
    const backedUp = await runScript('backup', ['--out', beforeMigration], envOf(site));
    expect(backedUp.code, backedUp.out).toBe(0);
    const direct = openDatabase(site);
    await sql`alter table news_items add column subtitle text`.execute(direct);
    await sql`create table newer_things (id text primary key)`.execute(direct);
    await sql`insert into kysely_migration (name, timestamp) values (${NEWER}, ${upgradedAt.toISOString()})`.execute(direct);
    await direct.destroy();
    for (const later of [0, 86_400_000]) {
      fs.writeFileSync(path.join(backupDir, backupFileName(new Date(upgradedAt.getTime() + later))), 'of the newer version');
    }
    const folder = fs.readdirSync(backupDir).sort();

    const command =
      db.kind === 'sqlite'
        ? `npm run restore -- ${beforeMigration} --replace`
        : `set DATABASE_URL to it and run npm run restore -- ${beforeMigration}.`;
    const started = startServer(envOf(site));
    await expect(started).rejects.toThrow(
      `The site was not started. This database was changed by a newer version of the site (${NEWER}, on ${upgradedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC), and this version cannot use it. Start that version again; or, to go back to this version,`,
    );
    await expect(started).rejects.toThrow(command);
    // No backup before migrating, no migration: the newer version can still start on it.
    expect(fs.readdirSync(backupDir).sort()).toEqual(folder);
    const after = openDatabase(site);
    expect((await unknownMigrations(after)).map((migration) => migration.name)).toEqual([NEWER]);
    await after.destroy();

    // Its backups would leave out what the newer version added: refused, nothing written.
    const refused = await runScript('backup', [], envOf(site));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      'take its backups with that version, since this one would leave out what that version added. Nothing was written.',
    );
    expect(fs.readdirSync(backupDir).sort()).toEqual(folder);

    // The other commands that open the site say the same, without a stack.
    const admin = await runScript('admin', ['two-step-off', ADMIN.username], envOf(site));
    expect(admin.code).toBe(1);
    expect(admin.out).toContain(`This database was changed by a newer version of the site (${NEWER}`);
    expect(admin.out).not.toMatch(/\n\s+at /);

    let target = site;
    if (db.kind === 'sqlite') {
      const restored = await runScript('restore', command.split(' ').slice(4), envOf(site));
      expect(restored.code, restored.out).toBe(0);
      const aside = /moved aside to (\S+), and is kept as it was for that version/.exec(restored.out)?.[1];
      expect(aside, restored.out).toMatch(/club\.sqlite\.newer-version-\d{8}-\d{6}$/);
      // The file the newer version changed, whole, for that version to start on again.
      const { DatabaseSync } = await import('node:sqlite');
      const file = new DatabaseSync(aside!, { readOnly: true });
      expect(file.prepare('select name from kysely_migration where name = ?').all(NEWER)).toHaveLength(1);
      file.close();
    } else {
      // PostgreSQL's cannot be moved aside, and only the newer version can undo its change.
      const replaced = await runScript('restore', [beforeMigration, '--replace'], envOf(site));
      expect(replaced.code).toBe(1);
      expect(replaced.out).toContain('Restore into a new, empty database (set DATABASE_URL to it, and leave out --replace)');
      target = await newSite(db.create());
      const restored = await runScript('restore', [beforeMigration], envOf(target));
      expect(restored.code, restored.out).toBe(0);
    }
    server = await backups.start(target);
    expect(await titles(server.url)).toEqual(['Before the upgrade']);
  }, 90_000);
});

// The folder may hold nothing from before the change (lost with its disk, or kept on another
// host): the copies in the backup bucket are looked at too.
describe('a version started again after a newer one changed its database, with its backups in the bucket only (sqlite)', () => {
  const newSite = useFreshSites();
  let s3: LocalS3 | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('names the copy in the bucket from before the change, and the restore it names brings this version back', async () => {
    const port = await freePort();
    s3 = await startS3([BACKUP_BUCKET], port);
    const site = await newSite();
    const env = bucketEnv(port, site);
    server = await startServer(env);
    const token = await login(server.url);
    await create(server.url, token, '/api/admin/news', { title: 'Before the upgrade', content: '<p>Kept.</p>', publishedAt: '2026-11-01' });
    // The backup at start holds no news; one taken now does, and goes to the bucket too.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
    const copies = () => s3!.keys(BACKUP_BUCKET).sort();
    await until(copies, (keys) => keys.length === 2, 'both copies in the bucket');
    const before = copies().at(-1)!.slice(BACKUP_PREFIX.length);
    await server.stop();
    server = undefined;
    fs.rmSync(env.BACKUP_DIR, { recursive: true, force: true });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const direct = openDatabase(site);
    await sql`alter table news_items add column subtitle text`.execute(direct);
    await sql`insert into kysely_migration (name, timestamp) values (${NEWER}, ${new Date().toISOString()})`.execute(direct);
    await direct.destroy();

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
});
