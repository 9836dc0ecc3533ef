import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { useBackupFolder } from '../setup/backup-folder.ts';
import { eachDatabase } from '../setup/databases.ts';
import { create } from '../setup/fill-site.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN } from '../setup/server.ts';

// docs/deploy.md puts BACKUP_DIR on another disk. When the data disk is lost (or its volume not
// mounted), the server starts an empty site beside that folder: the folder keeps the club's last
// backup however many of the empty site's follow, and the site says how to restore it (139).

eachDatabase('an empty site beside backups of the site before it ($kind)', (db) => {
  const folder = useBackupFolder({ BACKUP_KEEP: '2' });
  const { backupDir, envOf } = folder;
  const newSite = () => folder.site(db.create());
  const daily = () =>
    fs
      .readdirSync(backupDir)
      .filter((name) => name.startsWith('club-backup-'))
      .sort();

  it('keeps the last backup of the club through the empty site’s, says which on the dashboard’s status and in the log, and restores with the command given', async () => {
    const club = await newSite();
    let server = await folder.start(club);
    let token = await login(server.url);
    await create(server.url, token, '/api/admin/news', {
      title: 'Before the disk failed',
      content: '<p>Kept.</p>',
      publishedAt: '2026-11-01',
    });
    const status = () => call(server.url, 'GET', '/api/admin/backups', { token }).then((answer) => answer.body);
    // The daily backup at start holds the site without its news: the one taken now holds it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
    expect((await status()).earlierSite).toBeNull();
    await server.stop();
    const clubsLast = daily().at(-1)!;

    // The data disk is gone; the backup disk is not.
    const empty = await newSite();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    server = await folder.start(empty);
    token = await login(server.url);
    const command = `npm run restore -- ${path.join(backupDir, clubsLast)} --replace`;
    // Its daily backup at start, and three more: BACKUP_KEEP (2) of them are kept, and the club's last.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } })).status).toBe(201);
    }
    expect(daily()).toHaveLength(3);
    expect(daily()[0]).toBe(clubsLast);
    expect((await status()).earlierSite).toEqual({ databaseMadeAt: expect.any(String), copyAt: expect.any(String), command });
    expect(server.output()).toContain(
      `this site's database is new and holds no news, events or photos, but backups of the site from before it are kept: if the site lost its data, stop it and run ${command}`,
    );
    await server.stop();

    // The command, as given: the news is back, and the status says nothing more.
    const restored = await runScript('restore', command.split(' ').slice(4), envOf(empty));
    expect(restored.code, restored.out).toBe(0);
    server = await folder.start(empty);
    expect((await call(server.url, 'GET', '/api/news')).body.map((item: { title: string }) => item.title)).toEqual([
      'Before the disk failed',
    ]);
    token = await login(server.url);
    expect((await status()).earlierSite).toBeNull();
  }, 90_000);
});
