import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { testDatabases, sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { addAdministrator, create, uploadImage } from '../setup/fill-site.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// A backup holds the site's history too (docs/decisions/065): after a lost disk, the site
// restored from last night's backup still tells the committee who did what, and can still put
// back what a stranger did. An archive from before (format 1, no history) still restores.

const root = path.resolve(import.meta.dirname, '../..');
/** Written by npm run backup at e390320 (archive format 1): an administrator, 'Kept news' and one deleted, a photo, an edit. */
const FORMAT_1_ARCHIVE = path.join(root, 'tests/fixtures/backup-format-1.tar.gz');

const envOf = (database: FreshDatabase) => ({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl });
const script = (name: 'backup' | 'restore', args: string[], database: FreshDatabase) => runScript(name, args, envOf(database));

interface Line {
  at: string;
  adminName: string | null;
  action: string;
  subjectKind: string | null;
  subjectLabel: string | null;
}
const titlesAt = async (url: string) => ((await call(url, 'GET', '/api/news')).body as { title: string }[]).map((item) => item.title);

// From SQLite into the other engine when there is one: history rows cross engines as content does.
const target = testDatabases.at(-1)!;

describe(`the site's history in a backup (sqlite into ${target.kind})`, () => {
  const databases: FreshDatabase[] = [];
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    for (const database of databases) await database.drop();
  });
  const fresh = async (kind: typeof target) => {
    const database = await kind.create();
    databases.push(database);
    return database;
  };
  const start = async (database: FreshDatabase) => {
    await server?.stop();
    server = await startServer({ ...envOf(database), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
    return server.url;
  };

  let source: FreshDatabase;
  let archive: string;
  let before: { lines: Line[]; versions: unknown; photoVersions: unknown };
  let stranger: { id: string };
  let news: { id: string };
  let photo: { id: string };
  let ours: string;
  let theirs: string;

  beforeAll(async () => {
    source = await fresh(sqliteDb);
    const url = await start(source);
    const token = await login(url);
    ours = await uploadImage(url, token, 1, { small: true });
    news = await create(url, token, '/api/admin/news', { title: 'Sports day', publishedAt: '2026-11-02', content: '<p>Races.</p>' });
    const kept = await create(url, token, '/api/admin/news', { title: 'Camp-out', publishedAt: '2026-11-03', content: '<p>Tents.</p>' });
    photo = await create(url, token, '/api/admin/gallery', { imageUrl: ours, caption: 'The sack race' });
    // A stranger with a volunteer's password: a rewrite, a swapped photo, a delete.
    const intruder = await addAdministrator(url, token, 'nightvisitor', 'a heron over the mill race');
    stranger = intruder;
    theirs = await uploadImage(url, intruder.token, 2, { small: true });
    const as = (method: string, at: string, body?: unknown) => call(url, method, at, { token: intruder.token, body });
    expect(
      (await as('PUT', `/api/admin/news/${news.id}`, { title: 'Buy cheap watches', publishedAt: '2026-11-02', content: '<p>Spam.</p>' }))
        .status,
    ).toBe(200);
    expect((await as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl: theirs, caption: 'Click here' })).status).toBe(200);
    expect((await as('DELETE', `/api/admin/news/${kept.id}`)).status).toBe(200);
    before = {
      lines: (await call(url, 'GET', '/api/admin/activity', { token })).body.entries,
      versions: (await call(url, 'GET', `/api/admin/news/${news.id}/versions`, { token })).body,
      photoVersions: (await call(url, 'GET', `/api/admin/gallery/${photo.id}/versions`, { token })).body,
    };
    await server!.stop();
    server = undefined;
    archive = path.join(source.dataDir, 'nightly.tar.gz');
    const run = await script('backup', ['--out', archive], source);
    expect(run.code, run.out).toBe(0);
  });

  it("brings back who did what and the earlier versions with their pictures, and 'Put back all' and 'Restore all' still work", async () => {
    // The disk is lost: the site comes back from the archive on a new host.
    const replacement = await fresh(target);
    const restored = await script('restore', [archive], replacement);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/\d+ activity/);
    const url = await start(replacement);
    const token = await login(url);
    const as = (method: string, at: string, body?: unknown) => call(url, method, at, { token, body });

    // The lines the committee saw before, each as it was: the restore's own line and the new
    // sign-in come on top.
    const now = (await as('GET', '/api/admin/activity')).body.entries as Line[];
    expect(now.slice(0, 2).map((line) => [line.action, line.subjectKind])).toEqual([
      ['signed-in', null],
      ['restored', 'backup'],
    ]);
    expect(now.slice(2)).toEqual(before.lines);
    expect(before.lines.map((line) => line.action)).toEqual(expect.arrayContaining(['added', 'edited', 'deleted', 'signed-in']));
    expect((await as('GET', `/api/admin/news/${news.id}/versions`)).body).toEqual(before.versions);
    expect((await as('GET', `/api/admin/gallery/${photo.id}/versions`)).body).toEqual(before.photoVersions);
    // The club's photo came back too, kept for the committee and out of visitors' sight.
    expect((await fetch(`${url}${ours}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${url}${ours}`)).status).toBe(404);

    const summary = (await as('GET', `/api/admin/activity?admin=${stranger.id}`)).body;
    expect(summary.editsToPutBack).toBe(2);
    expect((await as('POST', '/api/admin/activity/put-back-edits', { admin: stranger.id })).body).toMatchObject({ putBack: 2 });
    expect((await as('POST', '/api/admin/activity/restore', { admin: stranger.id })).status).toBe(200);
    expect((await as('GET', `/api/news/${news.id}`)).body).toMatchObject({ title: 'Sports day' });
    expect((await as('GET', '/api/gallery')).body).toContainEqual(
      expect.objectContaining({ id: photo.id, imageUrl: ours, caption: 'The sack race' }),
    );
    expect(await titlesAt(url)).toContain('Camp-out');
    expect((await fetch(`${url}${ours}`)).status).toBe(200);
  });

  it('replaces the history that was there with the archive’s, with --replace', async () => {
    // The replaced site's own history is in the backup --replace takes first.
    const replaced = await fresh(target);
    const url = await start(replaced);
    const token = await login(url);
    await create(url, token, '/api/admin/news', { title: 'On the new host', publishedAt: '2026-11-04', content: '<p>New.</p>' });
    await server!.stop();
    server = undefined;
    const run = await script('restore', [archive, '--replace'], replaced);
    expect(run.code, run.out).toBe(0);
    const aside = /What was there is backed up in (\S+)\./.exec(run.out)?.[1];
    await start(replaced);
    const lines = (await call(server!.url, 'GET', '/api/admin/activity', { token: await login(server!.url) })).body.entries as Line[];
    expect(lines.map((line) => line.subjectLabel)).not.toContain('On the new host');
    expect(lines.map((line) => line.subjectLabel)).toContain('Buy cheap watches');
    expect(fs.existsSync(aside!)).toBe(true);
  });

  it('restores an archive written before backups held the history, and keeps the history that is there', async () => {
    const old = await fresh(target);
    const restored = await script('restore', [FORMAT_1_ARCHIVE], old);
    expect(restored.code, restored.out).toBe(0);
    const url = await start(old);
    const token = await login(url);
    expect(await titlesAt(url)).toEqual(['Kept news']);
    // The fixture's pictures came back with it and are shown.
    const photos = (await call(url, 'GET', '/api/gallery')).body as { imageUrl: string }[];
    expect(photos.length).toBeGreaterThan(0);
    expect((await fetch(`${url}${photos[0]!.imageUrl}`)).status).toBe(200);
    // Format 1 held no lines: the restore's own and this sign-in alone.
    const lines = (await call(url, 'GET', '/api/admin/activity', { token })).body.entries as Line[];
    expect(lines.map((line) => line.action)).toEqual(['signed-in', 'restored']);
  });
});
