import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { onPostgres, type FreshDatabase } from '../setup/databases.ts';
import { startPooler, type RunningPooler } from '../setup/pgbouncer.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { lockTable } from '../setup/table-lock.ts';

// A host's PostgreSQL is often given by an address that goes through a pooler (docs/deploy.md,
// docs/decisions/133). In session mode the site works as on PostgreSQL itself; in transaction
// mode it would hold its claim on no session in particular, so it says so and does not start.

const postgresUrl = () => process.env.TEST_DATABASE_URL!;

onPostgres('through PgBouncer', (postgres) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await postgres.createSite();
  });
  afterAll(() => database?.drop());

  const siteEnv = (databaseUrl: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: database.dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });

  describe('in session mode', () => {
    let pooler: RunningPooler;
    let server: RunningServer;
    beforeAll(async () => {
      pooler = await startPooler(postgresUrl(), 'session');
      server = await startServer({ ...siteEnv(pooler.viaPooler(database.databaseUrl!)), DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' });
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await pooler?.stop();
    });

    it('serves pages and takes writes', async () => {
      expect((await call(server.url, 'GET', '/')).status).toBe(200);
      const token = await login(server.url);
      const created = await call(server.url, 'POST', '/api/admin/news', {
        token,
        body: { title: 'Through the pooler', content: '<p>Saved.</p>', publishedAt: new Date().toISOString() },
      });
      expect(created.status, created.text).toBe(201);
      expect((await call(server.url, 'GET', '/news')).text).toContain('Through the pooler');
    });

    it('still gives up on a statement after DATABASE_STATEMENT_TIMEOUT_SECONDS', async () => {
      const token = await login(server.url);
      const settings = await lockTable(database.databaseUrl!, 'site_settings');
      try {
        const started = performance.now();
        const write = await call(server.url, 'PUT', '/api/admin/settings', { token, body: { tagline: 'Locked out' } });
        expect(write.status).toBe(503);
        expect(performance.now() - started).toBeLessThan(8_000);
      } finally {
        await settings.release();
      }
      expect((await call(server.url, 'PUT', '/api/admin/settings', { token, body: { tagline: 'Unlocked' } })).status).toBe(200);
    });

    it('keeps a restore from starting beside the server', async () => {
      const restore = await runScript('restore', ['/nonexistent/club-backup.tar.gz'], siteEnv(pooler.viaPooler(database.databaseUrl!)));
      expect(restore.code).toBe(1);
      expect(restore.out).toContain('A server is running on this database. Stop it first');
    });
  });

  describe('in transaction mode', () => {
    let pooler: RunningPooler;
    beforeAll(async () => {
      pooler = await startPooler(postgresUrl(), 'transaction');
    }, 30_000);
    afterAll(() => pooler?.stop());

    const refusal =
      /DATABASE_URL reaches PostgreSQL through a connection pooler in transaction mode.*Use the direct address of the database, or the pooler in session mode/;

    it('the server says which address to use instead, and does not start', async () => {
      await expect(startServer(siteEnv(pooler.viaPooler(database.databaseUrl!)))).rejects.toThrow(refusal);
    });

    it('a restore says so too', async () => {
      const restore = await runScript('restore', ['/nonexistent/club-backup.tar.gz'], siteEnv(pooler.viaPooler(database.databaseUrl!)));
      expect(restore.code).toBe(1);
      expect(restore.out).toMatch(refusal);
    });
  });
});
