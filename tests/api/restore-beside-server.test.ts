import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDatabase, claimFileOf } from '../../src/core/db/claim.ts';
import { eachDatabase, onPostgres, sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { create, put, adminToken } from '../setup/fill-site.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// A restore replaces the whole database: beside a running server, what is written meanwhile would
// be acknowledged and then lost, and the server's page cache would go on showing the old site.
// Each refuses to start while the other holds the database; a killed process leaves no claim.

function envOf(database: FreshDatabase): Record<string, string | undefined> {
  return {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://club.test',
  };
}

const configOf = (database: FreshDatabase) =>
  database.databaseUrl
    ? ({ kind: 'postgres', url: database.databaseUrl } as const)
    : ({ kind: 'sqlite', file: path.join(database.dataDir, 'club.sqlite') } as const);

async function newsTitles(server: RunningServer): Promise<string[]> {
  const response = await fetch(`${server.url}/api/news`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { title: string }[]).map((item) => item.title);
}

eachDatabase('a restore beside a running server ($kind)', (db) => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  let archive: string;
  beforeAll(async () => {
    database = await db.create();
    server = await startServer(envOf(database));
    const token = await adminToken(server.url);
    await create(server.url, token, '/api/admin/news', { title: 'In the backup', content: '<p>Kept</p>', publishedAt: '2026-11-01' });
    archive = path.join(database.dataDir, 'site.tar.gz');
    const taken = await runScript('backup', ['--out', archive], envOf(database));
    expect(taken.code, taken.out).toBe(0);
    await create(server.url, token, '/api/admin/news', {
      title: 'Written after the backup',
      content: '<p>Acknowledged</p>',
      publishedAt: '2026-11-02',
    });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.drop();
  });

  it('is refused, and the running site and what it acknowledged stay as they are', async () => {
    const refused = await runScript('restore', [archive, '--replace'], envOf(database));
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/server is running on .*Stop it first.*Nothing was changed\./s);
    expect(await newsTitles(server!)).toEqual(['Written after the backup', 'In the backup']);
    const page = await (await fetch(`${server!.url}/news`)).text();
    expect(page).toContain('Written after the backup');
    // Nothing was backed up "before the restore" either: nothing was about to be replaced.
    const backups = path.join(database.dataDir, 'backups');
    expect(fs.existsSync(backups) ? fs.readdirSync(backups).filter((name) => name.includes('before-restore')) : []).toEqual([]);
  });

  it('goes ahead once the server is gone, even killed (a crash leaves no claim behind)', async () => {
    await server!.stop('SIGKILL');
    const restored = await runScript('restore', [archive, '--replace'], envOf(database));
    expect(restored.code, restored.out).toBe(0);
    server = await startServer(envOf(database));
    expect(await newsTitles(server)).toEqual(['In the backup']);
  });

  it('keeps a server from starting while a restore holds the database, and lets it start after', async () => {
    await server!.stop();
    const restoring = await claimDatabase(configOf(database), 'restore');
    try {
      await expect(startServer(envOf(database), undefined, { readyWithinMs: 20_000 })).rejects.toThrow(
        db.kind === 'sqlite' ? /Another server or a restore is using .*club\.sqlite/ : /A restore is running on this database/,
      );
    } finally {
      await restoring.release();
    }
    server = await startServer(envOf(database));
    expect(await newsTitles(server)).toEqual(['In the backup']);
  });
});

describe('one server on a SQLite site', () => {
  let database: FreshDatabase;
  let first: RunningServer | undefined;
  beforeAll(async () => {
    database = await sqliteDb.create();
    first = await startServer(envOf(database));
  });
  afterAll(async () => {
    await first?.stop();
    await database?.drop();
  });

  it('a second server on the same data folder stops with the reason, and the first serves on', async () => {
    await expect(startServer(envOf(database), undefined, { readyWithinMs: 20_000 })).rejects.toThrow(
      /Another server or a restore is using .*One server serves a SQLite site/,
    );
    const token = await adminToken(first!.url);
    await put(first!.url, token, '/api/admin/settings', { clubName: 'Still served' });
    expect((await (await fetch(`${first!.url}/api/settings`)).json()).clubName).toBe('Still served');
    expect(fs.existsSync(claimFileOf(path.join(database.dataDir, 'club.sqlite')))).toBe(true);
  });
});

onPostgres('servers and a restore on one PostgreSQL database', (postgres) => {
  let database: FreshDatabase;
  let servers: RunningServer[] = [];
  let archive: string;
  beforeAll(async () => {
    database = await postgres.create();
    servers = [await startServer(envOf(database)), await startServer(envOf(database))];
    archive = path.join(database.dataDir, 'site.tar.gz');
    const taken = await runScript('backup', ['--out', archive], envOf(database));
    expect(taken.code, taken.out).toBe(0);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await database?.drop();
  });

  it('serve side by side, and a restore counts them', async () => {
    const refused = await runScript('restore', [archive, '--replace'], envOf(database));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('2 servers are running on this database. Stop them first');
  });

  it("a server takes its claim again when its connection is cut (the database's restart)", async () => {
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    try {
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'club site server'`,
      );
      expect(cut.rowCount).toBe(2);
      // Straight after the cut the database is free: a restore could slip in, which is what the
      // reclaim must close quickly.
      const deadline = Date.now() + 10_000;
      let claims = 0;
      while (claims < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const { rows } = await admin.query(
          `select count(*)::int as count from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'advisory' and l.granted and a.application_name = 'club site server' and a.datname = current_database()`,
        );
        claims = rows[0].count;
      }
      expect(claims).toBe(2);
    } finally {
      await admin.end();
    }
    const refused = await runScript('restore', [archive, '--replace'], envOf(database));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('2 servers are running on this database');
    for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
