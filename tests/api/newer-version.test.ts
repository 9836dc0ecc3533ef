import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { backupFileName } from '../../src/core/backup/backup-files.ts';
import { unknownMigrations } from '../../src/core/db/connect.ts';
import { call, login } from '../setup/api-client.ts';
import { useBackupFolder } from '../setup/backup-folder.ts';
import { eachDatabase, type FreshDatabase } from '../setup/databases.ts';
import { openDatabase } from '../setup/direct-db.ts';
import { create } from '../setup/fill-site.ts';
import { NEWER, newerVersionMigrates } from '../setup/newer-version.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer } from '../setup/server.ts';

// An upgrade that went wrong, undone as docs/deploy.md says: the version before it started again
// on the database the newer one changed (docs/decisions/140). It says so and what to do instead of
// "corrupted migrations", changes nothing, backs up nothing half, and the restore it names works.

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
    await newerVersionMigrates(site, upgradedAt);
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
