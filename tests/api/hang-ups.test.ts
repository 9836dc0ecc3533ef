import { expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { askTogether, FORGED_SESSION } from '../setup/raw-requests.ts';
import { lockTable } from '../setup/table-lock.ts';
import { useServer } from '../setup/server.ts';

// Requests that wait for a turn to render (docs/decisions/030) and whose client hangs up are
// dropped unrendered: a client that sends requests and closes at once costs the server nothing,
// and visitors who do wait are not kept behind renders nobody will read.

const LEFT = 'client left before its turn; not rendered';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

eachDatabase('clients who hang up while they wait their turn on $kind', (db) => {
  // At info, so that the log tells which requests were dropped.
  const suite = useServer(db, { RENDER_CONCURRENCY: '1', LOG_LEVEL: 'info' });
  const dropped = () => suite.server.output().split(LEFT).length - 1;

  it('are not rendered for, and those who stay are answered', async () => {
    const before = dropped();
    // Sent, and each connection closed right behind its request: one render at a time, so nearly
    // all of them are still waiting (or not yet let in) when the server reads that their clients
    // have gone. Closed in the same turn as the writes: hung up a moment later (a test process
    // starved of CPU by Chromium beside it), the server had rendered all 100 first. end(), not
    // destroy(): it sends what was written before it closes.
    const { sockets, answers } = await askTogether(suite.url, '/news', 100, FORGED_SESSION, { hangUp: true });
    await Promise.all(answers.map((answer) => answer.catch(() => null)));
    for (const socket of sockets) socket.destroy();
    // Turns are taken in order, so once this is answered every request before it has been
    // rendered or dropped.
    expect((await call(suite, 'GET', '/news', { headers: FORGED_SESSION })).status).toBe(200);
    // The log comes through a pipe of its own, and may be read a little after the answer: on a
    // machine busy with Chromium and another server, more than the poll's default second.
    await expect
      .poll(() => dropped() - before, { timeout: 10_000 })
      .toBeGreaterThan(0)
      .catch((error: unknown) => {
        // What the server did with them instead, so that a failure explains itself.
        const statuses = suite.server
          .output()
          .split('\n')
          .filter((line) => line.includes('"msg":"request"') && line.includes('"path":"/news"'))
          .map((line) => /"status":(\d+)/.exec(line)?.[1]);
        throw new Error(`${String(error)}\nstatuses logged for /news: ${JSON.stringify(statuses)}`);
      });
    // Each is in the request log, as nginx would log it.
    const hungUp = () =>
      suite.server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"request"') && line.includes('"status":499')).length;
    await expect.poll(hungUp, { timeout: 10_000 }).toBeGreaterThanOrEqual(dropped() - before);
  });

  // With PostgreSQL a table lock holds the one turn for as long as the test wants, so that who
  // waits for what is certain.
  if (db.kind === 'postgres')
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
