import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_OF_DAMAGED } from '../../src/core/backup/archive-format.ts';
import { DATABASE_DAMAGED } from '../../src/core/db/errors.ts';
import { call, login } from '../setup/api-client.ts';
import { damageTable, replaceWithNoise } from '../setup/damage.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { create, denBuilding } from '../setup/fill-site.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// A failing disk damages a SQLite file without a word: reads of the damaged pages fail, the rest
// of the site answers, and each nightly backup would copy the damage and push a good backup out.
// Here the damage is found, said where people look, kept out of the backups, and undone by a
// restore that keeps the damaged file. (PostgreSQL's damage, XX001, is classified the same way:
// src/core/db/errors.test.ts.)

describe('a damaged SQLite database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-damaged-'));
  const file = path.join(dataDir, 'club.sqlite');
  const backups = path.join(dataDir, 'backups');
  const env = { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: 'http://club.test' };
  const restore = (args: string[]) => runScript('restore', args, env);
  const sha = (at: string) => createHash('sha256').update(fs.readFileSync(at)).digest('hex');
  let server: RunningServer | undefined;
  let goodBackup = '';
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is found at start and said by the health check, the API, Settings and the log; no backup of it is taken', async () => {
    server = await startServer(env);
    let token = await login(server.url);
    await create(server.url, token, '/api/admin/events', denBuilding());
    await create(server.url, token, '/api/admin/news', { title: 'Kept news', content: '<p>Still here.</p>', publishedAt: '2026-11-01' });
    const taken = await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } });
    expect(taken.status).toBe(201);
    goodBackup = path.join(backups, taken.body.name);
    await server.stop();

    damageTable(file, 'events');
    server = await startServer(env, undefined, { healthy: false });
    const health = await call(server.url, 'GET', '/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'unavailable', database: 'damaged', storage: 'ok', disk: 'ok' });
    // Whoever runs the site reads the log: what is wrong, and the command that mends it.
    expect(server.output()).toContain(
      `the database is damaged: stop the server and restore the newest good backup: npm run restore -- ${goodBackup} --replace`,
    );

    // What does not need the damaged table is still served; what does says so, and never as a 500.
    const news = await call(server.url, 'GET', '/news');
    expect(news.status).toBe(200);
    expect(news.text).toContain('Kept news');
    const eventsPage = await fetch(`${server.url}/events`);
    expect(eventsPage.status).toBe(503);
    expect(eventsPage.headers.get('content-type')).toMatch(/^text\/html/);
    const events = await call(server.url, 'GET', '/api/events');
    expect(events.status).toBe(503);
    expect(events.body).toEqual({ message: DATABASE_DAMAGED });

    // No backup is taken of it: the good one stays, and Settings says why in words.
    token = await login(server.url);
    const refused = await call(server.url, 'POST', '/api/admin/backups', { token, body: { currentPassword: ADMIN.password } });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: DATABASE_DAMAGED });
    const status = await call(server.url, 'GET', '/api/admin/backups', { token });
    expect(status.body.lastFailure?.message).toBe(BACKUP_OF_DAMAGED);
    expect(Date.parse(status.body.databaseDamagedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(fs.readdirSync(backups)).toEqual([path.basename(goodBackup)]);
    const command = await runScript('backup', [], env);
    expect(command.code).toBe(1);
    expect(command.out).toContain(
      `No backup was taken: stop the server and restore the newest good backup: npm run restore -- ${goodBackup} --replace`,
    );
    expect(fs.readdirSync(backups)).toEqual([path.basename(goodBackup)]);
    expect(server.output()).not.toMatch(/"level":50[^\n]*"msg":"request failed"/);
    await server.stop();
  });

  it('is replaced by a restore, which sets the damaged file aside as it was', async () => {
    const damaged = sha(file);
    const withoutReplace = await restore([goodBackup]);
    expect(withoutReplace.code).toBe(1);
    expect(withoutReplace.out).toContain(`The database ${file} is damaged (`);
    expect(withoutReplace.out).toContain(
      'Add --replace: it moves the damaged file aside, keeps it, and restores into a new one. Nothing was changed.',
    );
    expect(sha(file)).toBe(damaged);

    const replaced = await restore([goodBackup, '--replace']);
    expect(replaced.code, replaced.out).toBe(0);
    const aside = /moved aside to (\S+), and is kept as it was\./.exec(replaced.out)?.[1];
    expect(aside && path.dirname(aside)).toBe(dataDir);
    expect(sha(aside!)).toBe(damaged);

    server = await startServer(env);
    expect((await call(server.url, 'GET', '/healthz')).body.database).toBe('ok');
    const events = await call(server.url, 'GET', '/api/events');
    expect(events.body.map((event: { name: string }) => event.name)).toEqual(['Den building']);
    await server.stop();
  });

  it('a file that is not a database at all: the server says what to do, and the restore replaces it', async () => {
    replaceWithNoise(file);
    await expect(startServer(env)).rejects.toThrow(
      `the database is damaged and cannot be opened: stop the server and restore the newest good backup: npm run restore -- ${goodBackup} --replace`,
    );
    const replaced = await restore([goodBackup, '--replace']);
    expect(replaced.code, replaced.out).toBe(0);
    expect(replaced.out).toMatch(/The damaged database was moved aside to /);
    server = await startServer(env);
    expect((await call(server.url, 'GET', '/api/news')).body.map((item: { title: string }) => item.title)).toEqual(['Kept news']);
    await server.stop();
  });

  it('a database deleted to start again, beside its image files: a backup restores over it, and the server starts', async () => {
    const removeDatabase = () => {
      for (const name of fs.readdirSync(dataDir).filter((entry) => entry.startsWith('club.sqlite'))) fs.rmSync(path.join(dataDir, name));
    };
    removeDatabase();
    const stray = path.join(dataDir, 'images', 'strayimage00', 'original.jpg');
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, 'bytes of a photo');
    // There is no database to back up first (it used to try, and failed): the files are left as they are.
    const replaced = await restore([goodBackup, '--replace']);
    expect(replaced.code, replaced.out).toBe(0);
    expect(replaced.out).not.toContain('What was there is backed up');
    expect(fs.existsSync(stray)).toBe(true);

    // The server used to refuse to start so: its backup before migrating found image files and no tables.
    removeDatabase();
    server = await startServer(env);
    expect((await call(server.url, 'GET', '/api/events')).body).toEqual([]);
    await server.stop();
  });
});

// The same failure while the server runs: pages visitors saw before are answered as they last were
// (docs/decisions/121), not an error page, until the committee restores a backup.
describe('a SQLite database damaged while the server runs', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-damaged-live-'));
  const clock = path.join(os.tmpdir(), `club-damaged-clock-${process.pid}`);
  const env = { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...fakeClockEnv(clock) };
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the pages seen before as they were (STALE), and says so for a page never seen', async () => {
    server = await startServer(env);
    const token = await login(server.url);
    const event = await create(server.url, token, '/api/admin/events', denBuilding());
    const page = (pathname: string) => fetch(`${server!.url}${pathname}`, { headers: { 'accept-encoding': 'identity' } });
    for (const pathname of ['/', '/events']) {
      await page(pathname);
      expect((await page(pathname)).headers.get('x-cache')).toBe('HIT');
    }

    damageTable(path.join(dataDir, 'club.sqlite'), 'events');
    expect((await call(server.url, 'GET', '/api/events')).status).toBe(503);
    // Past the minute a cached page is kept as current, so each is rendered anew, and fails.
    await moveFakeClock(clock, Date.now() + 5 * 60_000);
    for (const pathname of ['/', '/events']) {
      const answer = await page(pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers.get('x-cache'), pathname).toBe('STALE');
      expect(answer.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(await answer.text(), pathname).toContain('Den building');
    }
    const unseen = await page(`/events/${event.id}`);
    expect(unseen.status).toBe(503);
    expect(unseen.headers.get('content-type')).toMatch(/^text\/html/);
    // A volunteer signs in to see what is wrong, mistyping first: visitors still get the pages as
    // they were, not error pages (docs/decisions/149).
    expect(
      (await call(server.url, 'POST', '/api/admin/login', { body: { username: ADMIN.username, password: 'not the password' } })).status,
    ).toBe(401);
    await login(server.url);
    await moveFakeClock(clock, Date.now() + 10 * 60_000);
    for (const pathname of ['/', '/events']) {
      const answer = await page(pathname);
      expect([answer.status, answer.headers.get('x-cache')], pathname).toEqual([200, 'STALE']);
    }
    expect(server.output()).not.toMatch(/"level":50[^\n]*"msg":"request failed"/);
  });
});
