import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { call, flood, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { addAdministrator } from '../setup/fill-site.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { useServer } from '../setup/server.ts';
import { WRITE_BUDGET } from '../../src/core/auth/write-budget.ts';

// docs/decisions/059: a script with a volunteer's session or password is paused after an hour's
// worth of changes, exactly, however many it sends at once; the rest of the committee is not; the
// owner can still take the account back; and the log says so once.

const PAUSED =
  /^This account has made more changes in the last hour than a person would, so the site is not taking its changes for \d+ (seconds?|minutes?)\. If that was not you, change your password now: that signs out everyone else using it\.$/;
/** A change every 3.6 seconds refills once drained: what the test's own minutes may add. */
const refilledIn = (ms: number) => Math.ceil((ms / (60 * 60_000)) * WRITE_BUDGET.writes) + 1;

eachDatabase("each administrator's budget of changes on $kind", (db) => {
  const clock = path.join(os.tmpdir(), `club-budget-clock-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const suite = useServer(db, fakeClockEnv(clock));
  const direct = useDirectDb(suite);
  let committee: string;
  beforeAll(async () => {
    committee = await login(suite);
  });
  /** Sets the server's clock `offsetMs` from now. */
  const clockAt = (offsetMs: number) => moveFakeClock(clock, Date.now() + offsetMs);
  // An hour back, the server sees no time pass since the budget was last counted: nothing
  // refills while the test looks at a drained account, however slowly the machine runs it.
  const holdRefill = () => clockAt(-60 * 60_000);
  const pausedLines = async (adminId: string) =>
    ((await call(suite, 'GET', `/api/admin/activity?admin=${adminId}`, { token: committee })).body.entries as { action: string }[]).filter(
      (entry) => entry.action === 'paused',
    ).length;

  it('pauses a script after an hour’s worth, exactly, however many come at once; the committee, the restart and the clock', async () => {
    const script = await addAdministrator(suite, committee, 'budgetscript', 'a lantern over the allotments');
    const started = Date.now();
    // Deleting made-up ids changes nothing and costs the server little: each is still a change asked for.
    const answers = await flood(WRITE_BUDGET.writes + 80, 40, (i) =>
      call(suite, 'DELETE', `/api/admin/news/made${String(i).padStart(6, '0')}`, { token: script.token }),
    );
    const taken = answers.filter((answer) => answer.status === 404).length;
    const refused = answers.filter((answer) => answer.status === 429);
    expect(taken + refused.length).toBe(answers.length);
    expect(taken).toBeGreaterThanOrEqual(WRITE_BUDGET.writes);
    expect(taken).toBeLessThanOrEqual(WRITE_BUDGET.writes + refilledIn(Date.now() - started));
    for (const answer of refused) {
      expect(answer.body.message).toMatch(PAUSED);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(4);
    }
    await holdRefill();
    // Forty refused at once, and one line says so; everyone's first page (the dashboard's) names the account.
    expect(await pausedLines(script.id)).toBe(1);
    const log = await call(suite, 'GET', '/api/admin/activity', { token: committee });
    expect(log.body.pauses).toEqual([{ adminId: script.id, adminName: 'budgetscript', at: expect.any(String) }]);
    expect(Date.now() - Date.parse(log.body.pauses[0].at)).toBeLessThan(60_000);

    // Every kind of change is held, a valid one too; reads are not.
    const post = await call(suite, 'POST', '/api/admin/news', {
      token: script.token,
      body: { title: 'Win a prize', publishedAt: '2026-11-01', content: '<p>Click</p>' },
    });
    expect(post.status).toBe(429);
    expect((await call(suite, 'GET', '/api/admin/me', { token: script.token })).status).toBe(200);
    // The rest of the committee is not held by someone else's account.
    expect(
      (
        await call(suite, 'POST', '/api/admin/news', {
          token: committee,
          body: { title: 'AGM', publishedAt: '2026-11-01', content: '<p>Hall</p>' },
        })
      ).status,
    ).toBe(201);

    // Stored, not remembered: a restart does not give a script a new hour.
    await suite.restart();
    committee = await login(suite);
    expect((await call(suite, 'DELETE', '/api/admin/news/madeafter', { token: script.token })).status).toBe(429);

    // An hour on, the budget is full again; the pause is over, and a second one is a second line.
    await clockAt(61 * 60_000);
    expect((await call(suite, 'DELETE', '/api/admin/news/madelater', { token: script.token })).status).toBe(404);
    const again = await flood(WRITE_BUDGET.writes + 10, 40, () =>
      call(suite, 'DELETE', '/api/admin/news/madeagain', { token: script.token }),
    );
    expect(again.some((answer) => answer.status === 429)).toBe(true);
    expect(await pausedLines(script.id)).toBe(2);
    await clockAt(0);
  });

  it('lets the owner of a drained account take it back: a new password (which signs the script out), and signing out', async () => {
    const password = 'a heron on the old canal';
    const owner = await addAdministrator(suite, committee, 'budgetowner', password);
    const script = await login(suite, 'budgetowner', password);
    await flood(WRITE_BUDGET.writes + 5, 40, () => call(suite, 'DELETE', '/api/admin/news/gone', { token: script }));
    await holdRefill();
    expect((await call(suite, 'DELETE', '/api/admin/news/gone', { token: owner.token })).status).toBe(429);

    const changed = await call(suite, 'PUT', '/api/admin/password', {
      token: owner.token,
      body: { currentPassword: password, newPassword: 'a kestrel above the bypass' },
    });
    expect(changed.status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token: script })).status).toBe(401);
    expect((await call(suite, 'POST', '/api/admin/logout', { token: owner.token })).status).toBe(200);
    await clockAt(0);
  });

  it('counts the text sent: long items fill the hour’s text in about twenty megabytes, then a wait of minutes', async () => {
    const writer = await addAdministrator(suite, committee, 'budgetwriter', 'a wren in the woodpile');
    // 200,000 characters of three bytes each: the longest news item the form takes, about 600 KB of JSON.
    const content = `<p>${'€'.repeat(199_000)}</p>`;
    const bodyBytes = Buffer.byteLength(JSON.stringify({ title: 'Long', publishedAt: '2026-11-01', content }));
    const fits = Math.floor(WRITE_BUDGET.textBytes / bodyBytes);
    const started = Date.now();
    const statuses: number[] = [];
    let refusal: { status: number; headers: Headers; body: any } | undefined;
    for (let i = 0; i < fits + 3 && !refusal; i++) {
      const answer = await call(suite, 'POST', '/api/admin/news', {
        token: writer.token,
        body: { title: `Long ${i}`, publishedAt: '2026-11-01', content },
      });
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer;
    }
    expect(refusal?.body.message).toMatch(PAUSED);
    expect(refusal?.body.message).toMatch(/for \d+ minutes?\./);
    expect(Number(refusal?.headers.get('retry-after'))).toBeGreaterThan(60);
    const taken = statuses.filter((status) => status === 201).length;
    expect(taken).toBe(statuses.length - 1);
    // Twenty seconds of refill would let a little more through: never a whole item more than that.
    expect(taken).toBeGreaterThanOrEqual(fits);
    expect(taken).toBeLessThanOrEqual(
      fits + Math.ceil(((Date.now() - started) / (60 * 60_000)) * (WRITE_BUDGET.textBytes / bodyBytes)) + 1,
    );
    // Small changes of few bytes still go through: it is the text that is spent, not the writes.
    expect((await call(suite, 'DELETE', '/api/admin/news/smallchange', { token: writer.token })).status).toBe(404);
  });

  it('charges nothing for a refused body, a read or a sign-in, and one change for a change', async () => {
    const careful = await addAdministrator(suite, committee, 'budgetcareful', 'a badger by the stile');
    const budget = () => direct().selectFrom('writeBudgets').selectAll().where('adminId', '=', careful.id).executeTakeFirst();
    for (let i = 0; i < 30; i++) {
      expect(
        (await call(suite, 'POST', '/api/admin/news', { token: careful.token, body: { title: '', content: 'x'.repeat(50_000) } })).status,
      ).toBe(400);
      expect((await call(suite, 'GET', '/api/admin/me', { token: careful.token })).status).toBe(200);
    }
    await login(suite, 'budgetcareful', 'a badger by the stile');
    expect(await budget()).toBeUndefined();
    const body = { title: 'Den day', publishedAt: '2026-11-01', content: '<p>Saws</p>' };
    expect((await call(suite, 'POST', '/api/admin/news', { token: careful.token, body })).status).toBe(201);
    expect(await budget()).toMatchObject({
      writes: WRITE_BUDGET.writes - 1,
      textBytes: WRITE_BUDGET.textBytes - Buffer.byteLength(JSON.stringify(body)),
    });
  });
});
