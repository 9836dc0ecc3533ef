import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCaddy, viaCaddy, type RunningCaddy } from '../setup/caddy.ts';
import { onPostgres, type FreshDatabase } from '../setup/databases.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { freePort } from '../setup/start-server.ts';

// docs/deploy.md's "Several instances", tested as shipped in deploy/Caddyfile.several: two
// servers on one PostgreSQL database, each with a data folder of its own, behind one Caddy that
// spreads visitors over both. Backups are one instance's (its folder): the admin's backup calls
// must reach that one, or a backup taken on one is asked for from the other.

onPostgres('two instances behind one Caddy, as deploy/Caddyfile.several sets them up', (postgres) => {
  let database: FreshDatabase;
  let secondDir: string;
  let first: RunningServer;
  let second: RunningServer;
  let caddy: RunningCaddy;
  beforeAll(async () => {
    database = await postgres.createSite();
    secondDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-second-'));
    const httpsPort = await freePort();
    const env = {
      DATABASE_URL: database.databaseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: 'true',
      PUBLIC_URL: `https://club.test:${httpsPort}`,
      // Each request's log line: which instance answered what.
      LOG_LEVEL: 'info',
    };
    [first, second] = await Promise.all([
      startServer({ ...env, DATA_DIR: database.dataDir }),
      startServer({ ...env, DATA_DIR: secondDir }),
    ]);
    const portOf = (server: RunningServer) => Number(new URL(server.url).port);
    caddy = await startCaddy({ 'host-a:3000': portOf(first), 'host-b:3000': portOf(second) }, httpsPort, 'Caddyfile.several');
  }, 150_000);
  afterAll(async () => {
    await caddy?.stop();
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
    fs.rmSync(secondDir, { recursive: true, force: true });
  });

  /** How many requests for `pathname` (or, ending in `*`, under it) the server's log lines name. */
  const answeredBy = (server: RunningServer, pathname: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes(pathname.endsWith('*') ? `"path":"${pathname.slice(0, -1)}` : `"path":"${pathname}"`)).length;

  it('spreads pages over both, and takes and downloads every backup on the instance that keeps them', async () => {
    for (let i = 0; i < 20; i++) expect((await viaCaddy(caddy, 'GET', '/who-we-are')).status).toBe(200);
    expect(answeredBy(first, '/who-we-are'), 'pages reach the first instance').toBeGreaterThan(0);
    expect(answeredBy(second, '/who-we-are'), 'pages reach the second instance').toBeGreaterThan(0);

    const headers = { origin: caddy.origin, 'content-type': 'application/json' };
    const signedIn = await viaCaddy(caddy, 'POST', '/api/admin/login', { headers, body: JSON.stringify(ADMIN) });
    expect(signedIn.status).toBe(200);
    const auth = { ...headers, authorization: `Bearer ${(JSON.parse(signedIn.text) as { token: string }).token}` };
    // Spread at random, a backup taken on one and asked for from the other would fail about half
    // the time: eight in a row all come back.
    for (let i = 0; i < 8; i++) {
      const taken = await viaCaddy(caddy, 'POST', '/api/admin/backups', {
        headers: auth,
        body: JSON.stringify({ currentPassword: ADMIN.password }),
      });
      expect(taken.status, taken.text).toBe(201);
      const { downloadUrl } = JSON.parse(taken.text) as { downloadUrl: string };
      const download = await viaCaddy(caddy, 'GET', downloadUrl, { headers: auth });
      expect(download.status, download.text.slice(0, 200)).toBe(200);
      expect(download.headers['content-type']).toBe('application/gzip');
    }
    const status = await viaCaddy(caddy, 'GET', '/api/admin/backups', { headers: auth });
    expect(JSON.parse(status.text)).toMatchObject({ lastBackupAt: expect.any(String) });
    expect(answeredBy(first, '/api/admin/backups/files/*'), 'the downloads reach the first instance').toBe(8);
    expect(answeredBy(second, '/api/admin/backups*'), 'no backup call reaches the second instance').toBe(0);
  });
});

onPostgres('three instances first started at once on a new postgres database', (postgres) => {
  let database: FreshDatabase;
  const dirs: string[] = [];
  let servers: RunningServer[] = [];
  beforeAll(async () => {
    database = await postgres.create();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('all start, and make the administrator of ADMIN_USERNAME once', async () => {
    const env = { DATABASE_URL: database.databaseUrl, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info' };
    for (let i = 0; i < 3; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'club-first-start-')));
    // Each migrates, then finds no administrator and makes one: one of them is first.
    servers = await Promise.all(dirs.map((dir) => startServer({ ...env, DATA_DIR: dir })));
    const created = servers.filter((server) => server.output().includes('administrator created from ADMIN_USERNAME'));
    expect(created).toHaveLength(1);
    const administrators = await fetch(`${servers[2]!.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: servers[2]!.url },
      body: JSON.stringify(ADMIN),
    });
    expect(administrators.status).toBe(200);
    const token = ((await administrators.json()) as { token: string }).token;
    const listed = await fetch(`${servers[0]!.url}/api/admin/administrators`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await listed.json()) as { username: string }[]).map((admin) => admin.username)).toEqual([ADMIN.username]);
  });
});
