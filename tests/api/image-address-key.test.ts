import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { onPostgres, sqliteDb } from '../setup/databases.ts';
import { openDb } from '../setup/direct-db.ts';
import { create } from '../setup/fill-site.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { startServer, useServer, type RunningServer } from '../setup/server.ts';

// A photo given by address reaches visitors as /images/remote/{signature}?u=…, signed with the
// site's key so that the route is no open proxy (docs/decisions/009). The key is the site's, in its
// database (docs/decisions/127): every instance signs alike, and a key made before is kept.

/** The first address of this site's copy of a photo given by address, on a page. */
async function remoteImageOn(base: string, pathname: string): Promise<string> {
  const page = await call(base, 'GET', pathname);
  const found = /\/images\/remote\/[^"\s,]+/.exec(page.text);
  if (!found) throw new Error(`No photo given by address on ${pathname}`);
  return found[0].replaceAll('&amp;', '&');
}

onPostgres('two instances on one postgres database, each with a disk of its own', (postgres) => {
  const first = useServer(postgres, photoSiteEnv);
  let secondDir: string;
  let second: RunningServer;
  beforeAll(async () => {
    secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-second-'));
    second = await startServer({ ...first.env, DATA_DIR: secondDir });
  });
  afterAll(async () => {
    await second?.stop();
    fs.rmSync(secondDir, { recursive: true, force: true });
  });

  it('serves the photo a page of one names from the other, and signs it alike', async () => {
    const token = await login(first);
    await create(first.url, token, '/api/admin/gallery', { imageUrl: `${photoSite()}/kite-day.jpg`, caption: 'Kite day' });
    const named = await remoteImageOn(first.url, '/gallery');
    for (const base of [first.url, second.url]) {
      const answer = await fetch(`${base}${named}`);
      expect(answer.status, `${base}${named}`).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\//);
    }
    expect(await remoteImageOn(second.url, '/gallery')).toBe(named);
  });
});

describe('a site whose key was made by an earlier version, in its data folder', () => {
  const key = randomBytes(32);
  const suite = useServer(sqliteDb, photoSiteEnv);
  const sign = (url: string) => createHmac('sha256', key).update(url).digest('hex').slice(0, 40);
  let restarted = false;

  beforeAll(async () => {
    // As a site from before this change, just migrated: the key in the data folder, none in the database.
    fs.writeFileSync(path.join(suite.database.dataDir, 'remote-images.key'), key);
    const db = openDb(suite);
    await db.deleteFrom('siteKeys').execute();
    await db.destroy();
    await suite.restart();
    restarted = true;
  });

  it('keeps signing with it, so the addresses in pages and the copies kept stay the same', async () => {
    expect(restarted).toBe(true);
    const token = await login(suite);
    const url = `${photoSite()}/old-key.jpg`;
    await create(suite.url, token, '/api/admin/gallery', { imageUrl: url, caption: 'Old key' });
    expect(await remoteImageOn(suite.url, '/gallery')).toContain(`/images/remote/${sign(url)}`);
  });
});
