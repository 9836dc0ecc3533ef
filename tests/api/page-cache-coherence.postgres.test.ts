import { createRequire } from 'node:module';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/core/logger.ts';
import { listenForChanges } from '../../src/server/page-cache/coherence.ts';
import { call, login } from '../setup/api-client.ts';
import { onPostgres } from '../setup/databases.ts';
import { create } from '../setup/fill-site.ts';
import { startServer, useServer, type RunningServer } from '../setup/server.ts';
import { startTcpProxy } from '../setup/tcp-proxy.ts';

// Two instances on one database hear each other's writes through LISTEN (docs/decisions/011).
// The listening connection is idle, and an idle connection can die without a word (a NAT or a
// firewall forgetting it): the deaf instance must stop answering from its cache, not go on
// showing pages the other instance has changed as if they were current.

onPostgres('an instance whose database connection goes silent on postgres', (postgres) => {
  const first = useServer(postgres);
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let second: RunningServer;
  let token: string;
  beforeAll(async () => {
    proxy = await startTcpProxy(first.database.databaseUrl!);
    second = await startServer({ ...first.env, DATABASE_URL: proxy.url, DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' });
    token = await login(first);
  });
  afterAll(async () => {
    await second?.stop();
    await proxy?.stop();
  });

  const cached = async (url: string, pathname: string) => (await call(url, 'GET', pathname)).headers.get('x-cache') === 'HIT';

  it('stops answering from its cache within seconds, and caches again once it hears the others', async () => {
    await expect.poll(() => cached(second.url, '/news'), { timeout: 10_000 }).toBe(true);
    proxy.goSilent();
    await create(first.url, token, '/api/admin/news', {
      title: 'Written while the other was deaf',
      content: '<p>x</p>',
      publishedAt: '2026-11-03',
    });
    const wrote = performance.now();
    // It cannot render either (its database is silent). It may fall back on the page as it was
    // for the minute that bounds how late a write is seen (decision 121), said STALE so that
    // nobody keeps it; it is no longer answered as current.
    await expect.poll(() => cached(second.url, '/news'), { timeout: 15_000, interval: 200 }).toBe(false);
    expect(performance.now() - wrote).toBeLessThan(10_000);
    const answer = await call(second.url, 'GET', '/news');
    if (answer.status === 200) {
      expect([answer.headers.get('x-cache'), answer.headers.get('cache-control')]).toEqual(['STALE', 'no-cache']);
      expect(answer.text).not.toContain('Written while the other was deaf');
    } else expect(answer.status).toBe(503);

    proxy.heal();
    await expect.poll(() => cached(second.url, '/news'), { timeout: 30_000, interval: 500 }).toBe(true);
    expect((await call(second.url, 'GET', '/news')).text).toContain('Written while the other was deaf');
  }, 90_000);
});

// A paused VM, a process starved of the CPU or stopped: the whole instance stalls while the
// heartbeat's question is out, and its answer arrives meanwhile. Counted lost, the instance would
// empty its cache (and the pages kept for a database outage) with nothing wrong.
onPostgres('the listening connection of an instance that stalls on postgres', (postgres) => {
  it('is not counted lost when the heartbeat was answered while the instance stood still', async () => {
    const database = await postgres.create();
    const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
    const query = Client.prototype.query;
    let stalls = 0;
    // The next heartbeat sent stalls the process for longer than its answer may take, just after it is sent.
    Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const sent = (query as (...given: unknown[]) => unknown).apply(this, args);
      if (args[0] === 'SELECT 1' && stalls++ === 0) {
        setImmediate(() => {
          const until = Date.now() + 4_000;
          while (Date.now() < until);
        });
      }
      return sent;
    } as typeof query;
    const heard: boolean[] = [];
    const listener = listenForChanges({
      url: database.databaseUrl!,
      instanceId: 'stalling',
      log: createLogger('silent'),
      onChange: () => {},
      onListening: (listening) => heard.push(listening),
    });
    try {
      await expect.poll(() => heard, { timeout: 10_000 }).toEqual([true]);
      // The stall, then two heartbeats more.
      await expect.poll(() => stalls, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      expect(heard).toEqual([true]);
    } finally {
      Client.prototype.query = query;
      await listener.close();
      await database.drop();
    }
  }, 30_000);
});
