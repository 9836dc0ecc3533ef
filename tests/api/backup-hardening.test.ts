import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { BACKUP_NOT_WRITTEN } from '../../src/core/backup/archive-format.ts';
import { backupFileName } from '../../src/core/backup/backup-files.ts';
import { BACKUP_BATCH_ROWS } from '../../src/core/backup/write-backup.ts';
import { verifyArchive } from '../../src/core/backup/read-backup.ts';
import { migrateToLatest } from '../../src/core/db/connect.ts';
import { eachDatabase, sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { call, login } from '../setup/api-client.ts';
import { ADMIN, startServer } from '../setup/server.ts';
import { openDatabase } from '../setup/direct-db.ts';
import { addIncompressibleImages } from '../setup/incompressible-images.ts';
import { insertLongNews, prose } from '../setup/long-news.ts';
import { openPaused } from '../setup/raw-requests.ts';
import { runScript, type ScriptRun } from '../setup/scripts.ts';

/** The administrator's own password, which taking a backup asks for (docs/decisions/047). */
const PASSWORD = { currentPassword: ADMIN.password };
import { fillDisk, mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';

// Backups under the stresses of years (docs/decisions/019-backup.md). The daily backup runs inside
// the server: if it held the tables whole, a large site would take a 512 MB host's server down
// every night (and again at each start, since the backup is then still due). A backup cut off
// leaves a file behind; a full disk must be said in words, where volunteers look.

/** Far less than the rows below: a backup or restore that held a table whole runs out of it. */
const HEAP_LIMIT_MB = 48;
const NEWS = 1_000;
const NEWS_BYTES = 20_000;
const EVENTS = 3 * BACKUP_BATCH_ROWS + 7;

/** About 40 MB of news (HTML and its plain text) and events over several batches, written directly. */
async function fillLarge(database: FreshDatabase): Promise<void> {
  await insertLongNews(database, NEWS, NEWS_BYTES);
  const db = openDatabase(database);
  try {
    const at = '2026-01-01T00:00:00.000Z';
    const events = Array.from({ length: EVENTS }, (_, i) => ({
      id: `${'aAbB'[i % 4]}-event-${i}`, // mixed case: collations order these differently
      name: `Event ${i}`,
      date: at,
      comment: prose(i, 200),
      booking_url: `https://booking.example.org/${i}`,
      created_at: at,
      updated_at: at,
    }));
    await (db.withoutPlugins() as unknown as Kysely<any>).insertInto('events').values(events).execute();
  } finally {
    await db.destroy();
  }
}

function envOf(database: FreshDatabase): Record<string, string | undefined> {
  return { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, SITE_TIMEZONE: 'Europe/London' };
}

/** The server's daily backup, due as soon as it starts: its hour has passed and the folder holds none. */
function dueAtStart(backups: string): Record<string, string> {
  return { SITE_TIMEZONE: 'UTC', BACKUP_DIR: backups, BACKUP_HOUR: String(new Date().getUTCHours()) };
}

/** npm run backup / restore with the V8 heap capped at HEAP_LIMIT_MB. */
async function script(name: 'backup' | 'restore', args: string[], database: FreshDatabase): Promise<ScriptRun> {
  const run = await runScript(name, args, envOf(database), [`--max-old-space-size=${HEAP_LIMIT_MB}`]);
  return { ...run, out: run.out.slice(-2000) };
}

async function newsOf(database: FreshDatabase): Promise<Map<string, string>> {
  const db = openDatabase(database);
  try {
    const rows = await db.selectFrom('newsItems').select(['id', 'title', 'content']).execute();
    return new Map(rows.map((row) => [row.id, `${row.title}\n${row.content}`]));
  } finally {
    await db.destroy();
  }
}

eachDatabase('backups of a large site on $kind', (kind) => {
  it(`backs up and restores ${NEWS} long news items within a ${HEAP_LIMIT_MB} MB heap, the same archive again`, async () => {
    const source = await kind.create();
    const target = await kind.create();
    try {
      await fillLarge(source);
      const first = path.join(source.dataDir, 'large.tar.gz');
      const taken = await script('backup', ['--out', first], source);
      expect(taken.code, taken.out).toBe(0);
      const manifest = await verifyArchive(first);
      expect(manifest.rowCounts).toMatchObject({ news_items: NEWS, events: EVENTS });

      const restored = await script('restore', [first], target);
      expect(restored.code, restored.out).toBe(0);
      expect(await newsOf(target)).toEqual(await newsOf(source));

      // Read back a batch at a time, the rows still come in one order: the same bytes again.
      const second = path.join(target.dataDir, 'again.tar.gz');
      expect((await script('backup', ['--out', second], target)).code).toBe(0);
      // (The restore wrote its own line in the activity log: that table alone differs.)
      const { 'tables/activity.jsonl': _added, ...again } = (await verifyArchive(second)).entries;
      const { 'tables/activity.jsonl': _before, ...entries } = manifest.entries;
      expect(again).toEqual(entries);
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 180_000);
});

it('refuses an archive whose tables come in another order (a restore loads them as they come)', async () => {
  const site = await sqliteDb.create();
  const target = await sqliteDb.create();
  try {
    const db = openDatabase(site);
    await migrateToLatest(db);
    await db.destroy();
    const good = path.join(site.dataDir, 'good.tar.gz');
    expect((await script('backup', ['--out', good], site)).code).toBe(0);
    // The same entries, checksums and manifest, with news_items moved before images.
    const entries: { name: string; data: Buffer }[] = [];
    const extract = tar.extract();
    fs.createReadStream(good).pipe(zlib.createGunzip()).pipe(extract);
    for await (const entry of extract) {
      const parts: Buffer[] = [];
      for await (const chunk of entry) parts.push(chunk as Buffer);
      entries.push({ name: entry.header.name, data: Buffer.concat(parts) });
    }
    const news = entries.findIndex((entry) => entry.name === 'tables/news_items.jsonl');
    const images = entries.findIndex((entry) => entry.name === 'tables/images.jsonl');
    [entries[news], entries[images]] = [entries[images]!, entries[news]!];
    const pack = tar.pack();
    for (const entry of entries) pack.entry({ name: entry.name }, entry.data);
    pack.finalize();
    const parts: Buffer[] = [];
    for await (const chunk of pack.pipe(zlib.createGzip())) parts.push(chunk as Buffer);
    const reordered = path.join(site.dataDir, 'reordered.tar.gz');
    fs.writeFileSync(reordered, Buffer.concat(parts));

    const run = await script('restore', [reordered], target);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/tables are not in the order this site writes them.*Nothing was changed/);
    expect(fs.existsSync(path.join(target.dataDir, 'club.sqlite'))).toBe(false);
  } finally {
    await site.drop();
    await target.drop();
  }
}, 60_000);

it('removes what a backup cut off long ago left behind, and keeps one still being written', async () => {
  const site = await sqliteDb.create();
  const backups = path.join(site.dataDir, 'backups');
  fs.mkdirSync(backups);
  const abandoned = path.join(backups, 'club-backup-20261120-030000.tar.gz.0a1b2c3d4e5f.partial');
  const writing = path.join(backups, 'club-backup-20261125-030000.tar.gz.f5e4d3c2b1a0.partial');
  fs.writeFileSync(abandoned, 'cut off half-way');
  fs.writeFileSync(writing, 'still being written');
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  fs.utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
  const server = await startServer({ ...envOf(site), ...dueAtStart(backups) });
  try {
    const deadline = Date.now() + 20_000;
    while (fs.existsSync(abandoned) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(abandoned)).toBe(false);
    expect(fs.existsSync(writing)).toBe(true);
    expect(fs.readdirSync(backups).filter((name) => /^club-backup-\d{8}-\d{6}\.tar\.gz$/.test(name))).toHaveLength(1);
  } finally {
    await server.stop();
    await site.drop();
  }
}, 60_000);

describe.skipIf(!tmpfsWorks)('a backup folder on a full disk', () => {
  it('says why in Settings and in the answer, keeps nothing half-written, and backs up once there is room', async () => {
    const site = await sqliteDb.createSite();
    const backups = path.join(site.dataDir, 'backups');
    const filler = path.join(backups, 'filler.bin');
    fs.mkdirSync(backups);
    mountTmpfs(backups, '256k');
    fillDisk(backups, filler);
    const server = await startServer({
      ...envOf(site),
      ...dueAtStart(backups),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const token = await login(server.url);
      const status = () => call(server.url, 'GET', '/api/admin/backups', { token });
      // The daily backup, due at start, failed: Settings says so, in words.
      const deadline = Date.now() + 20_000;
      while ((await status()).body.lastFailure === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const failed = (await status()).body;
      expect(failed.lastFailure?.message).toBe(BACKUP_NOT_WRITTEN);
      expect(failed.lastBackupAt).toBeNull();

      // Asked for: a 503 with the same words, from Settings' button and from the plain link.
      const asked = await call(server.url, 'POST', '/api/admin/backups', { token, body: PASSWORD });
      expect(asked.status).toBe(503);
      expect(asked.body).toEqual({ message: BACKUP_NOT_WRITTEN });
      const link = await call(server.url, 'POST', '/api/admin/backups/download', { token, body: PASSWORD });
      expect(link.status).toBe(503);
      expect(link.body).toEqual({ message: BACKUP_NOT_WRITTEN });
      expect(fs.readdirSync(backups)).toEqual(['filler.bin']);

      // Room again: taken, named, downloaded, and the warning goes.
      fs.rmSync(filler);
      // Not with the session alone: the backup holds every password hash and two-step secret.
      expect((await call(server.url, 'POST', '/api/admin/backups', { token, body: {} })).body.errors).toEqual({
        currentPassword: 'Your password is required',
      });
      const taken = await call(server.url, 'POST', '/api/admin/backups', { token, body: PASSWORD });
      expect(taken.status, taken.text).toBe(201);
      expect(taken.body.name).toMatch(/^club-backup-\d{8}-\d{6}\.tar\.gz$/);
      // The address is the taker's alone: another administrator's session does not open it.
      const other = { username: 'other.dad', password: 'another-long-password' };
      expect((await call(server.url, 'POST', '/api/admin/administrators', { token, body: { ...other, ...PASSWORD } })).status).toBe(201);
      const otherToken = await login(server.url, other.username, other.password);
      expect((await fetch(`${server.url}${taken.body.downloadUrl}`, { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(
        403,
      );
      expect((await fetch(`${server.url}${taken.body.downloadUrl}`)).status).toBe(401);
      const download = await fetch(`${server.url}${taken.body.downloadUrl}`, { headers: { authorization: `Bearer ${token}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${taken.body.name}"`);
      const file = path.join(site.dataDir, 'downloaded.tar.gz');
      fs.writeFileSync(file, Buffer.from(await download.arrayBuffer()));
      expect((await verifyArchive(file)).rowCounts).toMatchObject({ admins: 1 });
      const after = (await status()).body;
      expect(after.lastFailure).toBeNull();
      expect(after.lastBackupAt).not.toBeNull();
      // Only with the ticket the address carries, and only for that backup.
      const ticket = new URL(taken.body.downloadUrl, server.url).search;
      for (const name of ['..%2Fclub.sqlite', 'club-backup-20990101-000000.tar.gz', `${taken.body.name}.partial`, taken.body.name]) {
        expect((await call(server.url, 'GET', `/api/admin/backups/files/${name}`, { token })).status, name).toBe(403);
      }
      for (const name of ['..%2Fclub.sqlite', 'club-backup-20990101-000000.tar.gz', `${taken.body.name}.partial`]) {
        expect((await call(server.url, 'GET', `/api/admin/backups/files/${name}${ticket}`, { token })).status, name).toBe(403);
      }
    } finally {
      await server.stop();
      unmount(backups);
      await site.drop();
    }
  }, 60_000);

  it("makes room for the day's backup by removing the oldest when its disk holds fewer than BACKUP_KEEP, and begins none that cannot fit (145)", async () => {
    const site = await sqliteDb.createSite();
    // About 2 MB a backup: three on a disk of 7 MB leave too little for a fourth.
    await addIncompressibleImages(site, 2, 1024 * 1024);
    const made = path.join(site.dataDir, 'made.tar.gz');
    expect((await script('backup', ['--out', made], site)).code).toBe(0);
    const backups = path.join(site.dataDir, 'backups');
    fs.mkdirSync(backups);
    mountTmpfs(backups, '7m');
    const day = 86_400_000;
    const earlier = [3, 2, 1].map((days) => backupFileName(new Date(Date.now() - days * day)));
    for (const name of earlier) fs.copyFileSync(made, path.join(backups, name));
    const server = await startServer({
      ...envOf(site),
      ...dueAtStart(backups),
      BACKUP_KEEP: '14',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const token = await login(server.url);
      const status = async () => (await call(server.url, 'GET', '/api/admin/backups', { token })).body;
      // Before: the day's backup failed on the full disk, and again every minute, for good.
      await expect
        .poll(async () => Date.parse((await status()).lastBackupAt ?? '0'), { timeout: 20_000 })
        .toBeGreaterThan(Date.now() - day / 2);
      expect((await status()).lastFailure).toBeNull();
      const daily = () =>
        fs
          .readdirSync(backups)
          .filter((name) => name.startsWith('club-backup-'))
          .sort();
      expect(daily()).toHaveLength(3);
      expect(daily().slice(0, 2)).toEqual(earlier.slice(1));
      expect(server.output()).toContain("the backup folder's disk has no room for 14 daily backups: the oldest 1 were removed");
      // Settings says the disk holds fewer than it keeps (backup-lines.ts words it).
      expect((await status()).roomFor).toBe(3);

      // The site outgrows the disk: the write stops where the disk is full, as before; the next one is not begun.
      await addIncompressibleImages(site, 5, 1024 * 1024, 'grown');
      const newest = daily().at(-1)!;
      for (const attempt of ['cut off', 'not begun']) {
        const asked = await call(server.url, 'POST', '/api/admin/backups', { token, body: PASSWORD });
        expect([asked.status, asked.body.message], attempt).toEqual([503, BACKUP_NOT_WRITTEN]);
      }
      expect(server.output()).toContain('its disk is full');
      expect(server.output()).toMatch(/its disk has [\d.]+ [KM]B free, and the backup needs about [\d.]+ MB/);
      // The newest backup is kept whatever happens: the site as it was until a new one is whole.
      expect(daily()).toContain(newest);
      expect(fs.readdirSync(backups).filter((name) => name.endsWith('.partial'))).toEqual([]);
    } finally {
      await server.stop();
      unmount(backups);
      await site.drop();
    }
  }, 60_000);
});

it('sends a large backup only as fast as the client reads it', async () => {
  const site = await sqliteDb.createSite();
  // 48 MB of image files that do not compress: the archive is as large.
  await addIncompressibleImages(site, 12, 4 * 1024 * 1024);
  const server = await startServer({ ...envOf(site), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  try {
    const token = await login(server.url);
    const taken = await call(server.url, 'POST', '/api/admin/backups', { token, body: PASSWORD });
    expect(taken.status, taken.text).toBe(201);
    const file = path.join(site.dataDir, 'backups', taken.body.name);
    const size = fs.statSync(file).size;
    expect(size).toBeGreaterThan(48 * 1024 * 1024);
    // The client stops after the first bytes; the file is then emptied under the server. What it
    // still receives was read before: a little, not the whole archive.
    const paused = await openPaused(`${server.url}${taken.body.downloadUrl}`, { authorization: `Bearer ${token}` });
    expect(paused.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    fs.truncateSync(file, 0);
    const received = await paused.resume();
    expect(received.byteLength).toBeGreaterThan(0);
    expect(received.byteLength, 'bytes read ahead of the client').toBeLessThan(size / 3);
  } finally {
    await server.stop();
    await site.drop();
  }
}, 60_000);
