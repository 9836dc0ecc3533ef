import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../../src/core/backup/read-backup.ts';
import { connect } from '../../src/core/db/connect.ts';
import { describeActivity, type ActivityEntry } from '../../src/core/activity/activity.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { sqliteDb, onPostgres, type FreshDatabase, type TestDatabase } from '../setup/databases.ts';
import { fakeClockEnv, setFakeClock } from '../setup/fake-clock.ts';
import { create, daysFromNow, put, uploadImage } from '../setup/fill-site.ts';
import { lastMigrationOf, siteFromVersion0003, VERSION_0003 } from '../setup/earlier-version.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// npm run backup and npm run restore (docs/decisions/019-backup.md), run as a volunteer would.

const root = path.resolve(import.meta.dirname, '../..');
const PUBLIC_PAGES = ['/', '/news', '/events', '/gallery', '/who-we-are', '/what-we-do', '/rss.xml', '/events.ics', '/sitemap.xml'];

function envOf(database: FreshDatabase): Record<string, string | undefined> {
  return { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, SITE_TIMEZONE: 'Europe/London', PUBLIC_URL: 'http://club.test' };
}

/** npm run backup / restore on `database`. */
const script = (name: 'backup' | 'restore', args: string[], database: FreshDatabase) => runScript(name, args, envOf(database));

async function backup(database: FreshDatabase, file: string): Promise<void> {
  const run = await script('backup', ['--out', file], database);
  expect(run.code, run.out).toBe(0);
}

const ACTIVITY = 'tables/activity.jsonl';

/** The text of one entry of an archive: a tar header of 512 bytes (on a 512-byte boundary) names it, its bytes follow. */
function entryOf(file: string, name: string): string {
  const tar = zlib.gunzipSync(fs.readFileSync(file));
  for (let at = tar.indexOf(Buffer.from(`${name}\0`)); at !== -1; at = tar.indexOf(Buffer.from(`${name}\0`), at + 1)) {
    if (at % 512 !== 0) continue;
    const size = parseInt(
      tar
        .subarray(at + 124, at + 136)
        .toString('latin1')
        .trim(),
      8,
    );
    return tar.subarray(at + 512, at + 512 + size).toString('utf8');
  }
  throw new Error(`${file} holds no ${name}`);
}

const manifestOf = (file: string): any => JSON.parse(entryOf(file, 'manifest.json'));

/** Content, settings, both information pages, 2 administrators and images, through the API. */
async function fillSite(base: string): Promise<void> {
  const token = await login(base);
  const newsImage = await uploadImage(base, token, 1);
  const eventImage = await uploadImage(base, token, 2);
  const photo = await uploadImage(base, token, 3);
  const logo = await uploadImage(base, token, 4);
  await create(base, token, '/api/admin/news', {
    title: 'Kite day — 🪁',
    content: '<p>Bring <strong>string</strong> &amp; snacks</p>',
    publishedAt: '2026-10-01',
    imageUrl: newsImage,
  });
  await create(base, token, '/api/admin/news', { title: 'Second news', content: '<p>Plain</p>', publishedAt: '2026-10-05' });
  await create(base, token, '/api/admin/events', {
    name: 'Winter walk',
    date: daysFromNow(12),
    location: 'The park, gate 2',
    comment: 'Warm coats; "quotes", commas; and\nnew lines',
    organiser: 'Sam',
    imageUrl: eventImage,
    bookingUrl: 'https://booking.example.org/walk',
  });
  await create(base, token, '/api/admin/gallery', { imageUrl: photo, caption: 'On the hill' });
  await put(base, token, '/api/admin/settings', {
    clubName: 'Oakfield Dads',
    tagline: 'Out and about',
    contactEmail: 'dads@example.org',
    logoUrl: logo,
  });
  await put(base, token, '/api/admin/who-we-are', {
    aboutUs: 'We are dads.',
    whoAreWe: 'A committee of four.',
    contactEmail: 'dads@example.org',
  });
  await put(base, token, '/api/admin/what-we-do', { mission: 'Fun.', activities: 'Walks.', impact: 'Smiles.' });
  const trashed = await create(base, token, '/api/admin/news', {
    title: 'In the trash',
    content: '<p>Deleted</p>',
    publishedAt: '2026-10-02',
  });
  expect((await call(base, 'DELETE', `/api/admin/news/${trashed.id}`, { token })).status).toBe(200);
  const second = await call(base, 'POST', '/api/admin/administrators', {
    token,
    body: { username: 'second-admin', password: 'another-long-password', currentPassword: ADMIN.password },
  });
  expect(second.status).toBe(201);
}

async function pagesOf(base: string): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const pathname of PUBLIC_PAGES) {
    const answer = await call(base, 'GET', pathname);
    expect(answer.status, pathname).toBe(200);
    pages[pathname] = answer.text;
  }
  return pages;
}

/** Backs up a filled site on `from`, restores it into `to`, backs that up: the same archive, the same pages. */
async function roundTrip(from: TestDatabase, to: TestDatabase): Promise<void> {
  const source = await from.createSite();
  const target = await to.create();
  let server: RunningServer | undefined;
  try {
    server = await startServer({ ...envOf(source), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await fillSite(server.url);
    const before = await pagesOf(server.url);
    // A link preview's copy and the home-screen icons drawn before the backup are left out of it:
    // drawn again when asked.
    const [event] = (await (await fetch(`${server.url}/api/events`)).json()) as { imageUrl: string }[];
    expect((await fetch(`${server.url}${event!.imageUrl}/share.jpg`)).status).toBe(200);
    const { logoUrl } = (await (await fetch(`${server.url}/api/settings`)).json()) as { logoUrl: string };
    expect((await fetch(`${server.url}${logoUrl}/touch-icon.png`)).status).toBe(200);
    expect((await fetch(`${server.url}${logoUrl}/app-icon.png`)).status).toBe(200);
    await server.stop();
    server = undefined;

    const first = path.join(source.dataDir, 'first.tar.gz');
    await backup(source, first);
    expect(fs.statSync(first).mode & 0o777).toBe(0o600);
    const restored = await script('restore', [first], target);
    expect(restored.code, restored.out).toBe(0);
    const second = path.join(target.dataDir, 'second.tar.gz');
    await backup(target, second);

    const [a, b] = [manifestOf(first), manifestOf(second)];
    expect(a.source).toBe(from.kind);
    expect(b.source).toBe(to.kind);
    // The same bytes from either engine, history included (docs/decisions/065); the restore added
    // its own line to the activity log.
    const { [ACTIVITY]: activityA, ...restA } = a.entries;
    const { [ACTIVITY]: activityB, ...restB } = b.entries;
    expect(restB).toEqual(restA);
    expect(activityB).not.toEqual(activityA);
    const linesOf = (file: string) => entryOf(file, ACTIVITY).trimEnd().split('\n');
    const [linesA, linesB] = [linesOf(first), linesOf(second)];
    expect(linesB.filter((line) => !line.includes('"subject_kind":"backup"'))).toEqual(linesA);
    expect(linesB.length).toBe(linesA.length + 1);
    expect({ ...b.rowCounts, activity: b.rowCounts.activity - 1 }).toEqual(a.rowCounts);
    expect(a.rowCounts.activity).toBeGreaterThan(8);
    expect(a.rowCounts).toMatchObject({ admins: 2, news_items: 3, events: 1, gallery_images: 1, images: 4, site_settings: 1 });
    expect(Object.keys(a.entries).filter((name) => name.startsWith('images/')).length).toBeGreaterThan(8);
    expect(Object.keys(a.entries).filter((name) => /\/(share\.jpg|touch-icon\.png|app-icon\.png)$/.test(name))).toEqual([]);

    server = await startServer(envOf(target));
    expect(await pagesOf(server.url)).toEqual(before);
    // The administrators came along with their passwords; sessions did not.
    expect(
      (await call(server.url, 'POST', '/api/admin/login', { body: { username: 'second-admin', password: 'another-long-password' } }))
        .status,
    ).toBe(200);
    // The recently deleted came along, still restorable.
    const trash = await call(server.url, 'GET', '/api/admin/deleted/news', { token: await login(server.url) });
    expect(trash.body.map((item: { label: string }) => item.label)).toEqual(['In the trash']);
    const image = /\/images\/[a-z0-9]+\/\d+\.(webp|avif)/.exec(before['/gallery']!)![0];
    expect((await fetch(`${server.url}${image}`)).status).toBe(200);
  } finally {
    await server?.stop();
    await source.drop();
    await target.drop();
  }
}

onPostgres('backup and restore across engines', (postgres) => {
  it(
    'round-trips a site from SQLite into PostgreSQL: the same archive again, the same public pages',
    () => roundTrip(sqliteDb, postgres),
    120_000,
  );
  it('round-trips a site from PostgreSQL into SQLite', () => roundTrip(postgres, sqliteDb), 120_000);
});

describe('backup and restore on SQLite', () => {
  let source: FreshDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    source = await sqliteDb.createSite();
    server = await startServer({ ...envOf(source), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    await fillSite(server.url);
  });
  afterAll(async () => {
    await server.stop();
    await source.drop();
  });

  it('takes a consistent backup while five clients write news as fast as they can', async () => {
    const token = await login(server.url);
    const acknowledged: { id: string; title: string; at: number }[] = [];
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const title = `Writer ${n} item ${i}`;
        const answer = await call(server.url, 'POST', '/api/admin/news', {
          token,
          body: { title, content: `<p>${'x'.repeat(2000)}</p>`, publishedAt: '2026-11-01' },
        });
        if (answer.status === 201) acknowledged.push({ id: answer.body.id, title, at: Date.now() });
      }
    };
    const writers = [1, 2, 3, 4, 5].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const began = Date.now();
    const file = path.join(source.dataDir, 'during-writes.tar.gz');
    await backup(source, file);
    await new Promise((resolve) => setTimeout(resolve, 200));
    writing = false;
    await Promise.all(writers);

    const target = await sqliteDb.create();
    try {
      const restored = await script('restore', [file], target);
      expect(restored.code, restored.out).toBe(0);
      const db = connect({ kind: 'sqlite', file: path.join(target.dataDir, 'club.sqlite') });
      const rows = await db.selectFrom('newsItems').select(['id', 'title', 'content', 'contentText']).execute();
      await db.destroy();
      const held = new Map(rows.map((row) => [row.id, row]));
      for (const item of acknowledged.filter((entry) => entry.at < began)) expect(held.get(item.id)?.title, item.title).toBe(item.title);
      // No half-written item: every row is whole.
      for (const row of rows.filter((r) => r.title.startsWith('Writer'))) expect(row.content).toBe(`<p>${'x'.repeat(2000)}</p>`);
      expect(acknowledged.length).toBeGreaterThan(acknowledged.filter((entry) => entry.at < began).length);
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('refuses a truncated archive, a tampered entry and a random file, and changes nothing', async () => {
    const good = path.join(source.dataDir, 'good.tar.gz');
    await backup(source, good);
    const target = await sqliteDb.create();
    try {
      const bytes = fs.readFileSync(good);
      const truncated = path.join(target.dataDir, 'truncated.tar.gz');
      fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      const random = path.join(target.dataDir, 'random.bin');
      fs.writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
      // One byte changed inside a table's JSON, the archive otherwise well formed.
      const tar = zlib.gunzipSync(bytes);
      const at = tar.indexOf(Buffer.from('Kite day'));
      tar[at] = 'M'.charCodeAt(0);
      const tampered = path.join(target.dataDir, 'tampered.tar.gz');
      fs.writeFileSync(tampered, zlib.gzipSync(tar));

      for (const [file, message] of [
        [truncated, /not a readable backup|cut short/],
        [random, /not a readable backup/],
        [tampered, /damaged: tables\/news_items\.jsonl does not match its checksum/],
        [path.join(target.dataDir, 'none.tar.gz'), /There is no file/],
      ] as const) {
        const run = await script('restore', [file], target);
        expect(run.code, file).toBe(1);
        expect(run.out).toMatch(message);
        expect(run.out).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
      }
      // Nothing was created: no database file, no images.
      expect(fs.existsSync(path.join(target.dataDir, 'club.sqlite'))).toBe(false);
      expect(fs.existsSync(path.join(target.dataDir, 'images'))).toBe(false);
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('refuses a target that holds a site, and with --replace backs it up first', async () => {
    const file = path.join(source.dataDir, 'to-replace.tar.gz');
    await backup(source, file);
    const target = await sqliteDb.create();
    let other: RunningServer | undefined;
    try {
      other = await startServer({ ...envOf(target), ADMIN_USERNAME: 'other', ADMIN_PASSWORD: 'other-long-password' });
      const token = await login(other.url, 'other', 'other-long-password');
      const here = { title: 'Already here', content: '<p>x</p>', publishedAt: '2026-11-01' };
      const item = await create(other.url, token, '/api/admin/news', { ...here, imageUrl: await uploadImage(other.url, token, 1) });
      // Its earlier version holds the picture it had (docs/decisions/061): the restore replaces that image too.
      const edit = await call(other.url, 'PUT', `/api/admin/news/${item.id}`, {
        token,
        body: { ...here, imageUrl: await uploadImage(other.url, token, 2) },
      });
      expect(edit.status).toBe(200);
      await other.stop();
      other = undefined;

      const refused = await script('restore', [file], target);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/already holds a site \(1 admins, 2 images, 1 news items, \d+ image files\).*--replace/s);

      const replaced = await script('restore', [file, '--replace'], target);
      expect(replaced.code, replaced.out).toBe(0);
      const saved = /backed up in (\S+\.tar\.gz)/.exec(replaced.out)![1]!;
      expect(manifestOf(saved).rowCounts).toMatchObject({ admins: 1, news_items: 1 });
      other = await startServer(envOf(target));
      const news = await call(other.url, 'GET', '/news');
      expect(news.text.includes('Oakfield Dads'), 'the restored settings').toBe(true);
      expect(news.text.includes('Already here'), 'the replaced news').toBe(false);
      // The archive's history replaces the replaced site's (docs/decisions/065), which the backup
      // taken first keeps; the restore's own line comes after the archive's.
      const log = await call(other.url, 'GET', '/api/admin/activity', { token: await login(other.url) });
      const lines = (log.body.entries as ActivityEntry[]).map(describeActivity);
      expect(lines.slice(0, 2)).toEqual(['admin signed in', 'The server’s command line restored the backup “to-replace.tar.gz”']);
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.filter((line) => line.startsWith('other '))).toEqual([]);
      // The replaced site's sign-in, addition and edit, with its earlier version and picture.
      expect(manifestOf(saved).rowCounts).toMatchObject({ activity: 3, page_versions: 1, version_pictures: 1 });
    } finally {
      await other?.stop();
      await target.drop();
    }
  }, 60_000);

  it('restores an archive taken by an older version of the site, and upgrades it', async () => {
    // A site whose database stopped at migration 0003 (before images were referenced by id).
    const old = await sqliteDb.create();
    const target = await sqliteDb.create();
    try {
      await siteFromVersion0003(old, { id: 'oldnews', title: 'From the old site', imageId: 'oldimage' });
      fs.mkdirSync(path.join(old.dataDir, 'images', 'oldimage'), { recursive: true });
      fs.writeFileSync(path.join(old.dataDir, 'images', 'oldimage', 'master.webp'), 'not really an image');

      const file = path.join(old.dataDir, 'old.tar.gz');
      await backup(old, file);
      expect(manifestOf(file).migrations.at(-1)).toBe('2026_11_23_0003_news_cleaned_content');
      const restored = await script('restore', [file], target);
      expect(restored.code, restored.out).toBe(0);
      const after = connect({ kind: 'sqlite', file: path.join(target.dataDir, 'club.sqlite') });
      // Migration 0004 ran on the restored rows: the news item now references its image by id.
      const row = await sql<{ image_id: string }>`select image_id from news_items where id = 'oldnews'`.execute(after.withoutPlugins());
      await after.destroy();
      expect(row.rows[0]?.image_id).toBe('oldimage');
      expect(fs.readFileSync(path.join(target.dataDir, 'images', 'oldimage', 'master.webp'), 'utf8')).toBe('not really an image');
    } finally {
      await old.drop();
      await target.drop();
    }
  }, 60_000);

  it('leaves no complete-looking file when a backup is killed half-way', async () => {
    const folder = path.join(source.dataDir, 'killed');
    fs.mkdirSync(folder);
    const child = spawn(process.execPath, [path.join(root, 'scripts/backup.ts'), '--out', path.join(folder, 'b.tar.gz')], {
      cwd: root,
      env: { PATH: process.env.PATH, ...envOf(source) },
    });
    // Killed as soon as it has begun writing.
    for (let i = 0; i < 400 && fs.readdirSync(folder).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    const names = fs.readdirSync(folder);
    // What it left is a temporary name; a file under the asked-for name would be a whole, verified archive.
    expect(names.length).toBeGreaterThan(0);
    for (const name of names.filter((entry) => entry.endsWith('.tar.gz'))) await verifyArchive(path.join(folder, name));
    expect(names.filter((entry) => entry.endsWith('.partial')).length + names.filter((entry) => entry.endsWith('.tar.gz')).length).toBe(
      names.length,
    );
  }, 30_000);
});

/** Waits until `check` holds, polling. */
async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A server on a new site whose clock says 03:00:30 in London on 24 November 2026 (UTC+0 in
 * winter), when the day's backup is due at BACKUP_HOUR 3, with `files` in its backup folder.
 */
async function serverWhenBackupDue(files: Record<string, string>, extraEnv: Record<string, string> = {}) {
  const site = await sqliteDb.create();
  const backups = path.join(site.dataDir, 'elsewhere');
  fs.mkdirSync(backups);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(backups, name), text);
  const clock = path.join(site.dataDir, 'clock');
  const env = {
    ...envOf(site),
    ...fakeClockEnv(clock),
    BACKUP_DIR: backups,
    BACKUP_HOUR: '3',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...extraEnv,
  };
  setFakeClock(clock, Date.parse('2026-11-24T03:00:30Z'));
  return { site, backups, server: await startServer(env) };
}

describe('automatic backups', () => {
  it('takes the daily backup at BACKUP_HOUR in the site time zone, keeps BACKUP_KEEP, and shows it in Settings', async () => {
    const old = Object.fromEntries(['01', '02', '03', '04'].map((day) => [`club-backup-202611${day}-030000.tar.gz`, 'old']));
    const { server, site, backups } = await serverWhenBackupDue(
      { ...old, 'before-migration-20261001-120000.tar.gz': 'kept' },
      { BACKUP_KEEP: '3' },
    );
    try {
      const daily = () =>
        fs
          .readdirSync(backups)
          .filter((name) => name.startsWith('club-backup-'))
          .sort();
      await until(() => daily().some((name) => name.startsWith('club-backup-20261124-0300')), 'the daily backup');
      await until(() => daily().length === 3, 'old backups pruned');
      expect(daily().slice(0, 2)).toEqual(['club-backup-20261103-030000.tar.gz', 'club-backup-20261104-030000.tar.gz']);
      expect(fs.existsSync(path.join(backups, 'before-migration-20261001-120000.tar.gz'))).toBe(true);
      const newest = daily().at(-1)!;
      await verifyArchive(path.join(backups, newest));
      expect(fs.statSync(path.join(backups, newest)).mode & 0o777).toBe(0o600);

      const token = await login(server.url);
      const status = await call(server.url, 'GET', '/api/admin/backups', { token });
      expect(status.body).toMatchObject({ daily: true, hour: 3, keep: 3, roomFor: null });
      expect(status.body.lastBackupAt).toMatch(/^2026-11-24T03:00:3\d/);
      expect((await call(server.url, 'GET', '/api/admin/backups')).status).toBe(401);
    } finally {
      await server.stop();
      await site.drop();
    }
  }, 60_000);

  it('takes the daily backup beside one named by a clock that ran a year ahead (138)', async () => {
    const { server, site, backups } = await serverWhenBackupDue({
      'club-backup-20261123-030000.tar.gz': 'yesterday',
      // Taken while the server's clock said next year: it passed for today's, every day until then.
      'club-backup-20271124-030000.tar.gz': 'ahead',
    });
    try {
      await until(() => fs.readdirSync(backups).some((name) => name.startsWith('club-backup-20261124-0300')), 'the daily backup');
      const token = await login(server.url);
      const status = await call(server.url, 'GET', '/api/admin/backups', { token });
      expect(status.body.lastBackupAt).toMatch(/^2026-11-24T03:00:3\d/);
    } finally {
      await server.stop();
      await site.drop();
    }
  }, 60_000);

  it("streams a backup to a signed-in administrator ('Download a backup')", async () => {
    const site = await sqliteDb.createSite();
    const server = await startServer({ ...envOf(site), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    try {
      await fillSite(server.url);
      const takeWith = (headers: Record<string, string>, body: unknown) =>
        fetch(`${server.url}/api/admin/backups/download`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      expect((await takeWith({}, { currentPassword: ADMIN.password })).status).toBe(401);
      const token = await login(server.url);
      // The session alone is not enough: the backup holds every password hash and two-step secret.
      const bearer = { authorization: `Bearer ${token}` };
      expect((await takeWith(bearer, {})).status).toBe(400);
      expect((await takeWith(bearer, { currentPassword: 'not-the-password' })).status).toBe(400);
      const answer = await takeWith(bearer, { currentPassword: ADMIN.password });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/gzip');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="club-backup-\d{8}-\d{6}\.tar\.gz"$/);
      expect(answer.headers.get('cache-control')).toMatch(/no-store/);
      const file = path.join(site.dataDir, 'downloaded.tar.gz');
      fs.writeFileSync(file, Buffer.from(await answer.arrayBuffer()));
      const manifest = await verifyArchive(file);
      expect(manifest.rowCounts).toMatchObject({ admins: 2, news_items: 3 });
      const status = await call(server.url, 'GET', '/api/admin/backups', { token });
      expect(status.body).toMatchObject({ daily: false });
      expect(status.body.lastBackupAt).not.toBeNull();
    } finally {
      await server.stop();
      await site.drop();
    }
  }, 60_000);

  it('takes a backup before applying migrations to a database that holds a site', async () => {
    const site = await sqliteDb.create();
    await siteFromVersion0003(site, { id: 'before', title: 'Before the upgrade', imageId: null });
    const server = await startServer(envOf(site));
    try {
      const folder = path.join(site.dataDir, 'backups');
      const [name, ...others] = fs.readdirSync(folder);
      expect(others).toEqual([]);
      expect(name).toMatch(/^before-migration-\d{8}-\d{6}\.tar\.gz$/);
      const manifest = await verifyArchive(path.join(folder, name!));
      expect(manifest.migrations.at(-1)).toBe('2026_11_23_0003_news_cleaned_content');
      expect(manifest.rowCounts.news_items).toBe(1);
      // Started again, with nothing to migrate: no second backup.
      await server.stop();
      const again = await startServer(envOf(site));
      await again.stop();
      expect(fs.readdirSync(folder)).toEqual([name]);
    } finally {
      await server.stop();
      await site.drop();
    }
  }, 60_000);
});

describe('an upgrade whose backup cannot be taken', () => {
  it('does not start and changes nothing, saying why and what to do (decision 132)', async () => {
    const site = await sqliteDb.create();
    await siteFromVersion0003(site, { id: 'before', title: 'Before the upgrade', imageId: null });
    // A backup folder that cannot be made: its parent is a file (as a full or read-only disk fails it).
    const blocker = path.join(site.dataDir, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    try {
      const started = startServer({ ...envOf(site), BACKUP_DIR: path.join(blocker, 'backups') });
      await expect(started).rejects.toThrow(
        /The site was not started: this version changes the database, and a backup of it is taken first/,
      );
      await expect(started).rejects.toThrow(/cannot be written to \(ENOTDIR\)/);
      expect(await lastMigrationOf(site)).toBe(VERSION_0003);
    } finally {
      await site.drop();
    }
  });
});

describe('a restore and the answers kept for retried creates', () => {
  it('forgets them: a save retried after the restore makes its item again instead of answering with one the restore took away', async () => {
    const site = await sqliteDb.createSite();
    const env = { ...envOf(site), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
    let server: RunningServer | undefined = await startServer(env);
    try {
      const earlier = path.join(site.dataDir, 'earlier.tar.gz');
      await backup(site, earlier);
      const save = { title: 'Saved on a patchy connection', content: '<p>x</p>', publishedAt: '2026-11-01' };
      const post = async (url: string) =>
        call(url, 'POST', '/api/admin/news', { token: await login(url), body: save, headers: { 'idempotency-key': 'patchy-save-0001' } });
      const first = await post(server.url);
      expect(first.status).toBe(201);
      await server.stop();
      server = undefined;

      const restored = await script('restore', [earlier, '--replace'], site);
      expect(restored.code, restored.out).toBe(0);
      server = await startServer(env);
      // The volunteer's browser sends the save again with its key, as it does after a lost answer.
      const retried = await post(server.url);
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      const titles = (await call(server.url, 'GET', '/api/news')).body.map((item: { title: string }) => item.title);
      expect(titles.filter((title: string) => title === save.title)).toHaveLength(1);
      // Sent once more: now it is the kept answer again, and still one item.
      const again = await post(server.url);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.id).toBe(retried.body.id);
    } finally {
      await server?.stop();
      await site.drop();
    }
  }, 60_000);
});
