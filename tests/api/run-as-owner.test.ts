import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer } from '../setup/server.ts';

// A volunteer who runs `sudo npm run restore …` instead of `sudo -u club …` left a database and
// images that belonged to root: the site, running as club, could then write nothing. As root, in
// a data folder that belongs to another user, every command and the server now refuse before
// writing anything, and say how to run them instead. Only root can make such a folder here.

const NOBODY = 65534;

describe.runIf(process.getuid?.() === 0)('run as root in a data folder that belongs to the site’s user', () => {
  let database: FreshDatabase;
  let backups: string;
  const env = () => ({ DATA_DIR: database.dataDir, BACKUP_DIR: backups, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  beforeAll(async () => {
    database = await sqliteDb.create();
    backups = fs.mkdtempSync(`${database.dataDir}-backups-`);
    fs.chownSync(database.dataDir, NOBODY, NOBODY);
    fs.chownSync(backups, NOBODY, NOBODY);
  });
  afterAll(async () => {
    fs.rmSync(backups, { recursive: true, force: true });
    await database?.drop();
  });

  it('every command refuses, writes nothing, and names the command to run as that user', async () => {
    const archive = path.join(backups, 'club-backup.tar.gz');
    const runs = {
      'npm run restore -- ': await runScript('restore', [archive, '--replace'], env()),
      'npm run backup': await runScript('backup', [], env()),
      'npm run images-gc': await runScript('images-gc', [], env()),
    };
    for (const [command, run] of Object.entries(runs)) {
      expect(run.code, command).toBe(1);
      expect(run.out, command).toContain(`This runs as root, but ${database.dataDir} belongs to nobody`);
      expect(run.out, command).toContain(`Run it as nobody: sudo -u nobody ${command}`);
    }
    expect(runs['npm run restore -- '].out).toContain(`sudo -u nobody npm run restore -- ${archive} --replace`);
    expect(fs.readdirSync(database.dataDir)).toEqual([]);
    expect(fs.readdirSync(backups)).toEqual([]);
  });

  it('the server does not start, and says why', async () => {
    await expect(startServer(env(), undefined, { readyWithinMs: 20_000 })).rejects.toThrow(
      /This runs as root, but .* belongs to nobody: files made now would belong to root, and the site, running as nobody, could not change them\. Nothing was changed\. Run it as nobody: sudo -u nobody npm start/,
    );
    expect(fs.readdirSync(database.dataDir)).toEqual([]);
  });
});
