import { createRequire } from 'node:module';
import type pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { migrations } from '../../src/core/db/migrations/index.ts';
import { announceMigrations, CHANNEL } from '../../src/core/db/notices.ts';
import { UPGRADE_UNDER_WAY } from '../../src/server/newer-version-watch.ts';
import { call, login } from '../setup/api-client.ts';
import { onPostgres, type FreshDatabase } from '../setup/databases.ts';
import { openDatabase } from '../setup/direct-db.ts';
import { NEWER, newerVersionMigrates } from '../setup/newer-version.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// Several instances on one database, upgraded one at a time: once the first has migrated the
// database, the others (the version before) stop, instead of writing on a schema they do not know
// (docs/decisions/143).

onPostgres('instances of the version before, beside a newer one on one postgres database', (postgres) => {
  const sites: FreshDatabase[] = [];
  const servers: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await Promise.all(sites.splice(0).map((site) => site.drop()));
  });
  async function newSite(made: Promise<FreshDatabase>) {
    const site = await made;
    sites.push(site);
    return site;
  }
  const envOf = (site: FreshDatabase, extra: Record<string, string> = {}) => ({
    DATA_DIR: site.dataDir,
    DATABASE_URL: site.databaseUrl,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  });
  async function start(env: Record<string, string | undefined>) {
    const server = await startServer(env);
    servers.push(server);
    return server;
  }
  const write = (url: string, token: string, title: string) =>
    call(url, 'POST', '/api/admin/news', { token, body: { title, content: '<p>x</p>', publishedAt: '2026-11-02' } }).then(
      (answer) => ({ status: answer.status, message: (answer.body as { message?: string } | undefined)?.message }),
      () => ({ status: 'no connection', message: undefined }),
    );
  async function exitCode(server: RunningServer, withinMs: number): Promise<number | null | 'running'> {
    const exited = new Promise<number | null>((resolve) => {
      if (server.process.exitCode !== null) resolve(server.process.exitCode);
      else server.process.once('exit', (code) => resolve(code));
    });
    return Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), withinMs))]);
  }

  it('a newer version tells the instances on its database which migrations it ran', async () => {
    const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
    const site = await newSite(postgres.create());
    const listener = new Client({ connectionString: site.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${CHANNEL}`);
    try {
      await start(envOf(site));
      expect(heard).toContain(`migrated:${Object.keys(migrations).at(-1)}`);
    } finally {
      await listener.end();
    }
  });

  it('stops at once when a newer version says it migrated the database: no write is taken after, and it does not start again', async () => {
    const site = await newSite(postgres.createSite());
    const old = await start(envOf(site));
    const other = await start(envOf(site));
    const token = await login(old.url);
    expect((await write(old.url, token, 'Before the upgrade')).status).toBe(201);

    await newerVersionMigrates(site, new Date(), (db) => announceMigrations(db, [NEWER]));
    // Heard at once (it would look by itself only after seconds): a write now finds it stopping or gone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const late = await write(old.url, token, 'After the upgrade');
    expect([503, 'no connection'], JSON.stringify(late)).toContain(late.status);
    if (late.status === 503) expect(late.message).toBe(UPGRADE_UNDER_WAY);
    for (const server of [old, other]) {
      expect(await exitCode(server, 15_000)).toBe(1);
      expect(server.output()).toContain(
        `This database was changed by a newer version of the site (${NEWER}) while this server was running on it, and this version cannot use it: this server stops.`,
      );
    }
    const direct = openDatabase(site);
    const titles = await direct.selectFrom('newsItems').select('title').execute();
    await direct.destroy();
    expect(titles.map((row) => row.title)).toEqual(['Before the upgrade']);
    // Started again (systemd does, after a failure), this version refuses the database (140).
    await expect(startServer(envOf(site))).rejects.toThrow(`This database was changed by a newer version of the site (${NEWER}`);
  }, 60_000);

  it('stops within seconds when it did not hear (no page cache listening), and a normal stop is not a failure', async () => {
    const site = await newSite(postgres.createSite());
    const deaf = await start(envOf(site, { PAGE_CACHE_MB: '0' }));
    const unchanged = await newSite(postgres.createSite());
    const bystander = await start(envOf(unchanged));
    await newerVersionMigrates(site);
    expect(await exitCode(deaf, 15_000)).toBe(1);
    expect(deaf.output()).toContain(`This database was changed by a newer version of the site (${NEWER})`);
    // An instance on a database nobody upgraded goes on, writes and all, and stops as it always did.
    const token = await login(bystander.url);
    expect((await write(bystander.url, token, 'Still taken')).status).toBe(201);
    expect(await bystander.stop()).toBe(0);
  }, 60_000);
});
