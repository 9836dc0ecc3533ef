import { expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { onPostgres } from '../setup/databases.ts';
import { askTogether, FORGED_SESSION } from '../setup/raw-requests.ts';
import { lockTable } from '../setup/table-lock.ts';
import { useServer } from '../setup/server.ts';

// Requests that wait for a turn to render (docs/decisions/030) and whose client hangs up are
// dropped unrendered: a client that sends requests and closes at once costs the server nothing,
// and visitors who do wait are not kept behind renders nobody will read.

const LEFT = 'client left before its turn; not rendered';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// On PostgreSQL alone: a table lock holds the one turn for as long as the test wants, so that who
// waits for what is certain. On SQLite nothing can hold a render still: a render of an empty
// page takes a millisecond or two, and on a machine busy with other tests' servers and Chromium
// all 100 were sometimes rendered before the server read that their clients had gone.
onPostgres('clients who hang up while they wait their turn on postgres', (db) => {
  // At info, so that the log tells which requests were dropped.
  const suite = useServer(db, { RENDER_CONCURRENCY: '1', LOG_LEVEL: 'info' });
  const lines = () =>
    suite.server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            status?: number;
            byStatus?: Record<string, number>;
            repeated?: string;
            notLoggedOneByOne?: number;
            firstRequestIds?: string[];
          },
      );
  // A line each, or past ten in a second, counted in one (docs/decisions/147).
  const leftOneByOne = () => lines().filter((line) => line.msg === LEFT).length;
  const dropped = () =>
    lines().reduce((sum, line) => sum + (line.msg === LEFT ? 1 : line.repeated === LEFT ? (line.notLoggedOneByOne ?? 0) : 0), 0);
  // One line each, or counted by status past the log's lines a second (docs/decisions/146).
  const hungUp = () =>
    lines().reduce((sum, line) => sum + (line.msg === 'request' ? Number(line.status === 499) : (line.byStatus?.['499'] ?? 0)), 0);

  it('are not rendered for, and those who stay are answered', async () => {
    // Each page's code is loaded on its first request: loaded now, not while the test times things.
    for (const address of ['/news', '/who-we-are']) await call(suite, 'GET', address, { headers: FORGED_SESSION });
    const before = { dropped: dropped(), hungUp: hungUp(), leftOneByOne: leftOneByOne() };
    // Every page reads the site's settings: the request that holds the one turn waits there.
    const settings = await lockTable(suite.database.databaseUrl!, 'site_settings');
    const holder = call(suite, 'GET', '/who-we-are', { headers: FORGED_SESSION });
    try {
      await settings.blocked();
      // Sent while the turn is held, each connection closed right behind its request: all of
      // them are waiting when the server reads that their clients have gone.
      const { sockets, answers } = await askTogether(suite.url, '/news', 100, FORGED_SESSION, { hangUp: true });
      await expect.poll(() => dropped() - before.dropped, { timeout: 10_000 }).toBe(100);
      // Not a line each: at most ten a second (the burst may straddle two seconds, or a few).
      expect(leftOneByOne() - before.leftOneByOne).toBeLessThanOrEqual(40);
      // Each count names the first of the requests it counts, to follow in the request log.
      const counts = lines().filter((line) => line.repeated === LEFT);
      expect(counts.length).toBeGreaterThan(0);
      for (const count of counts) {
        expect(count.firstRequestIds).toHaveLength(Math.min(5, count.notLoggedOneByOne!));
        expect(new Set(count.firstRequestIds).size).toBe(count.firstRequestIds!.length);
        for (const id of count.firstRequestIds!) expect(id).toMatch(/^[\w-]{8,}$/);
      }
      await Promise.all(answers.map((answer) => answer.catch(() => null)));
      for (const socket of sockets) socket.destroy();
    } finally {
      await settings.release();
    }
    // The one who stayed is answered, and so is the next visitor.
    expect((await holder).status).toBe(200);
    expect((await call(suite, 'GET', '/news', { headers: FORGED_SESSION })).status).toBe(200);
    // Each is in the request log, as nginx would log it.
    await expect.poll(() => hungUp() - before.hungUp, { timeout: 10_000 }).toBe(100);
  });

  it('gives visitors waiting for the same page another render when the one who asked first hangs up', async () => {
    // Each page's code is loaded on its first request: loaded now, not while the test times things.
    for (const address of ['/', '/news', '/who-we-are']) await call(suite, 'GET', address, { headers: FORGED_SESSION });
    // Every page reads the site's settings: the request that holds the turn waits there.
    const settings = await lockTable(suite.database.databaseUrl!, 'site_settings');
    try {
      const holder = call(suite, 'GET', '/who-we-are', { headers: FORGED_SESSION });
      await settings.blocked();
      // The first visitor of the home page, whose render the page cache shares with those who
      // come after, and a request the cache does not take: both wait for the turn, then leave.
      const first = await askTogether(suite.url, '/', 1, { 'x-request-id': 'first-visitor' });
      const uncached = await askTogether(suite.url, '/news', 1, { ...FORGED_SESSION, 'x-request-id': 'forged-visitor' });
      await sleep(200);
      const others = [call(suite, 'GET', '/'), call(suite, 'GET', '/')];
      await sleep(200);
      for (const socket of [...first.sockets, ...uncached.sockets]) socket.destroy();
      await sleep(300);
      await settings.release();

      expect((await holder).status).toBe(200);
      for (const answer of await Promise.all(others)) {
        expect(answer.status).toBe(200);
        expect(answer.text).toContain('<main');
      }
      for (const id of ['first-visitor', 'forged-visitor']) {
        const logged = () =>
          suite.server
            .output()
            .split('\n')
            .some((line) => line.includes(id) && line.includes(LEFT));
        await expect.poll(logged, { message: id }).toBe(true);
      }
      // The render that answered those who stayed was kept.
      expect((await call(suite, 'GET', '/')).headers.get('x-cache')).toBe('HIT');
    } finally {
      await settings.release();
    }
  });
});
