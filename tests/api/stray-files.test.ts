import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { sqliteDb } from '../setup/databases.ts';
import { openDb } from '../setup/direct-db.ts';
import { create, uploadImage } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// Files the site did not make, in its images folder: an operator's copy of a photo, what a Mac or
// Windows leaves in a folder it opened, the `lost+found` of a disk mounted there after fsck put
// pieces in it. They are not the site's: nothing may trip over them, delete them or back them up
// (docs/decisions/130).

const root = path.resolve(import.meta.dirname, '../..');

describe('files in the images folder that the site did not make', () => {
  const suite = useServer(sqliteDb);

  it('are left alone, while backups, the collection and an upgrade’s start go on', async () => {
    const token = await login(suite);
    const kept = (await uploadImage(suite.url, token)).split('/').pop()!;
    await create(suite.url, token, '/api/admin/gallery', { imageUrl: `/images/${kept}`, caption: 'Kept' });
    const unused = (await uploadImage(suite.url, token, 1)).split('/').pop()!;
    const images = path.join(suite.database.dataDir, 'images');
    const strays = [`${kept}/640.webp.bak`, `${kept}/.DS_Store`, 'lost+found/#1234', 'Thumbs.db'];
    for (const stray of strays) {
      fs.mkdirSync(path.dirname(path.join(images, stray)), { recursive: true });
      fs.writeFileSync(path.join(images, stray), 'not the site’s');
    }

    const backup = await call(suite, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } });
    expect(backup.status, backup.text).toBe(201);

    const collected = spawnSync(process.execPath, ['scripts/images-gc.ts', '--grace-minutes', '0'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, DATA_DIR: suite.database.dataDir, LOG_LEVEL: 'silent' },
    });
    expect(collected.status, collected.stderr).toBe(0);
    expect(fs.existsSync(path.join(images, unused)), 'the unused upload collected').toBe(false);
    expect(fs.existsSync(path.join(images, kept, 'master.webp'))).toBe(true);

    // An upgrade: a migration to run, and the backup taken before it.
    await suite.server.stop();
    const db = openDb(suite);
    await sql`DROP TABLE site_keys`.execute(db);
    await sql`DELETE FROM kysely_migration WHERE name = '2026_11_30_0021_site_keys'`.execute(db);
    await db.destroy();
    await suite.restart();
    expect((await call(suite, 'GET', '/gallery')).status).toBe(200);
    expect(fs.readdirSync(path.join(suite.database.dataDir, 'backups')).filter((name) => name.startsWith('before-'))).not.toHaveLength(0);

    for (const stray of strays) expect(fs.readFileSync(path.join(images, stray), 'utf8'), stray).toBe('not the site’s');
  });
});
