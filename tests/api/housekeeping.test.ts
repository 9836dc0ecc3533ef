import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { connect } from '../../src/core/db/connect.ts';
import { login } from '../setup/api-client.ts';
import { create, uploadImage } from '../setup/fill-site.ts';
import { eachDatabase } from '../setup/databases.ts';
import { ADMIN, startServer } from '../setup/server.ts';

// A site nobody looks after for years must not fill its disk with images nobody uses: the server
// collects them itself (src/core/maintenance.ts), at start and then daily, without an operator
// running `npm run images:gc`.

const DAY_MS = 24 * 60 * 60_000;

eachDatabase('housekeeping on $kind', (database) => {
  it('removes images nothing uses, once they are more than a day old, at start', async () => {
    const site = await database.createSite();
    const env = {
      DATA_DIR: site.dataDir,
      DATABASE_URL: site.databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    };
    const images = path.join(site.dataDir, 'images');
    const folderOf = (url: string) => path.join(images, url.split('/').pop()!);
    let server = await startServer(env);
    try {
      const token = await login(server.url);
      const unused = await uploadImage(server.url, token, 1);
      const yesterdays = await uploadImage(server.url, token, 2);
      const used = await uploadImage(server.url, token, 3);
      const trashed = await uploadImage(server.url, token, 4);
      await create(server.url, token, '/api/admin/gallery', { imageUrl: used, caption: 'In use' });
      const deleted = await create(server.url, token, '/api/admin/gallery', { imageUrl: trashed, caption: 'Recently deleted' });
      await fetch(`${server.url}/api/admin/gallery/${deleted.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      await server.stop();

      // Two days pass for all but one of them: rows and files are backdated.
      const db = connect(
        site.databaseUrl ? { kind: 'postgres', url: site.databaseUrl } : { kind: 'sqlite', file: path.join(site.dataDir, 'club.sqlite') },
      );
      const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
      const old = [unused, used, trashed].map((url) => url.split('/').pop()!);
      await db.updateTable('images').set({ createdAt: twoDaysAgo.toISOString() }).where('id', 'in', old).execute();
      await db.destroy();
      for (const url of [unused, used, trashed]) {
        for (const file of fs.readdirSync(folderOf(url))) fs.utimesSync(path.join(folderOf(url), file), twoDaysAgo, twoDaysAgo);
      }
      // And a folder no row owns, as a killed write or a failed removal leaves one.
      fs.mkdirSync(path.join(images, 'leftover'));
      fs.writeFileSync(path.join(images, 'leftover', '640.webp'), 'x');
      fs.utimesSync(path.join(images, 'leftover', '640.webp'), twoDaysAgo, twoDaysAgo);

      server = await startServer(env);
      await expect.poll(() => fs.existsSync(folderOf(unused)), { timeout: 15_000 }).toBe(false);
      await expect.poll(() => fs.existsSync(path.join(images, 'leftover')), { timeout: 15_000 }).toBe(false);
      await expect.poll(() => server.output()).toContain('unused images removed');
      // An upload of yesterday may belong to a form still open; images in use or restorable stay
      // (a restorable one for administrators alone: decision 053).
      const signedIn = { authorization: `Bearer ${await login(server.url)}` };
      for (const url of [yesterdays, used, trashed]) {
        expect(fs.readdirSync(folderOf(url)).length, url).toBeGreaterThan(0);
        expect((await fetch(`${server.url}${url}/640.webp`, { headers: signedIn })).status, url).toBe(200);
      }
      expect((await fetch(`${server.url}${trashed}/640.webp`)).status).toBe(404);
      expect((await fetch(`${server.url}${unused}/640.webp`)).status).toBe(404);
    } finally {
      await server.stop();
      await site.drop();
    }
  }, 90_000);
});
