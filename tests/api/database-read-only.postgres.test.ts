import { expect, it } from 'vitest';
import { DATABASE_READ_ONLY } from '../../src/core/db/errors.ts';
import { call, login } from '../setup/api-client.ts';
import { onPostgres } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import { withPostgres } from '../setup/site-templates.ts';

// A hosted PostgreSQL past its storage quota is made read-only by its provider (new sessions get
// default_transaction_read_only, the old ones are ended), as a standby given by mistake is. The
// site keeps showing what it holds; every write says why it cannot be made, not "something went
// wrong", and /healthz says so for whoever watches it (docs/decisions/131).

onPostgres('a postgres database made read-only under a running site', (postgres) => {
  const suite = useServer(postgres);

  /** Sets the database read-only (or back) for new sessions, and ends the server's current ones. */
  async function readOnly(on: boolean) {
    const url = new URL(suite.database.databaseUrl!);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    await withPostgres(url.toString(), async (client) => {
      await client.query(`ALTER DATABASE ${name} ${on ? 'SET default_transaction_read_only = on' : 'RESET default_transaction_read_only'}`);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    });
  }
  const write = (token: string, title: string) =>
    call(suite, 'POST', '/api/admin/news', { token, body: { title, content: '<p>x</p>', publishedAt: '2026-11-02' } });

  it('answers each write that the database takes no changes, keeps serving pages, and takes writes again after', async () => {
    const token = await login(suite);
    expect((await write(token, 'Before')).status).toBe(201);
    await readOnly(true);
    // A request after its connections were ended may meet one of them (503, the database
    // unavailable, for as many as the pool held): the server opens new ones, which are read-only.
    await expect.poll(async () => (await write(token, 'While read-only')).body.message).toBe(DATABASE_READ_ONLY);
    const refused = await write(token, 'While read-only');
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(DATABASE_READ_ONLY);
    expect(refused.headers.get('retry-after')).toBe('300');
    for (const pathname of ['/', '/news', '/api/news']) expect((await call(suite, 'GET', pathname)).status, pathname).toBe(200);
    expect((await call(suite, 'GET', '/healthz')).body).toMatchObject({ status: 'unavailable', database: 'read-only' });

    await readOnly(false);
    await expect.poll(async () => (await write(token, 'After')).status).toBe(201);
    expect((await call(suite, 'GET', '/healthz')).body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(((await call(suite, 'GET', '/api/news')).body as { title: string }[]).map((item) => item.title).sort()).toEqual([
      'After',
      'Before',
    ]);
  });
});
