import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { DELETES_FOR_EVER_A_DAY } from '../../src/core/activity/daily-limits.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { addAdministrator, create } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// Deleting for ever is the one change to the content the activity log cannot put right: a
// stranger with a volunteer's password who deletes the club's news and then deletes it for ever
// would leave only last night's backup. The site takes 20 a day, from all administrators together
// (docs/decisions/063); the rest wait in Recently deleted, out of visitors' sight.

eachDatabase('deleting for ever, a few a day, on $kind', (db) => {
  const clock = path.join(os.tmpdir(), `deletes-for-ever-clock-${process.pid}-${db.kind}`);
  const suite = useServer(db, fakeClockEnv(clock));
  const direct = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });

  it('takes twenty a day from everyone together, however many are sent at once, and says when the rest can go', async () => {
    const count = DELETES_FOR_EVER_A_DAY + 6;
    const items: string[] = [];
    for (let i = 0; i < count; i++) {
      const item = await create(suite.url, token, '/api/admin/news', {
        title: `Minutes ${i}`,
        publishedAt: '2026-11-01',
        content: '<p>x</p>',
      });
      expect((await call(suite, 'DELETE', `/api/admin/news/${item.id}`, { token })).status).toBe(200);
      items.push(item.id as string);
    }
    // A stranger with two accounts (theirs and one they added) and the committee, all at once.
    const stranger = await addAdministrator(suite, token, 'eraser', 'a pale lantern under winter');
    const accomplice = await addAdministrator(suite, token, 'eraser2', 'a quiet harbour before dawn');
    const tokens = [stranger.token, accomplice.token, token];
    const answers = await Promise.all(
      items.map((id, i) => call(suite, 'DELETE', `/api/admin/deleted/news/${id}`, { token: tokens[i % tokens.length]! })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(DELETES_FOR_EVER_A_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(count - DELETES_FOR_EVER_A_DAY);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toMatch(
      /^20 items have been deleted for ever in the last day, as many as the site allows in a day, so that a stolen password cannot destroy what the club has kept\. This one stays in Recently deleted, out of visitors' sight: it can be deleted for ever in (23|24) hours, and goes by itself 30 days after it was deleted\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // The refused ones are still restorable; the lines say exactly what was deleted for ever.
    const waiting = (await call(suite, 'GET', '/api/admin/deleted/news', { token })).body as { id: string }[];
    expect(waiting.map((item) => item.id).sort()).toEqual(items.filter((_, i) => answers[i]!.status === 429).sort());
    const lines = await direct().selectFrom('activity').select('subjectId').where('action', '=', 'deleted-for-ever').execute();
    expect(lines.map((line) => line.subjectId).sort()).toEqual(items.filter((_, i) => answers[i]!.status === 200).sort());
    const restored = await call(suite, 'POST', `/api/admin/deleted/news/${waiting[0]!.id}/restore`, { token });
    expect(restored.status).toBe(200);

    // A day later, the next may go.
    await moveFakeClock(clock, Date.now() + 24 * 3600_000 + 60_000);
    token = await login(suite);
    expect((await call(suite, 'DELETE', `/api/admin/deleted/news/${waiting[1]!.id}`, { token })).status).toBe(200);
    await moveFakeClock(clock, Date.now());
  });

  it('forgets what the clock dated ahead once it is set right (138): deletes for ever, a lockout, a session', async () => {
    // The server's clock says next year for a while: a volunteer tidies up, someone guesses. (Two
    // days on from the deletes above, so that those are not today's.)
    const today = Date.now() + 2 * 24 * 3600_000;
    await moveFakeClock(clock, today + 365 * 24 * 3600_000);
    const ahead = await login(suite);
    const items: string[] = [];
    for (let i = 0; i < DELETES_FOR_EVER_A_DAY + 1; i++) {
      const item = await create(suite.url, ahead, '/api/admin/news', {
        title: `Old notice ${i}`,
        publishedAt: '2026-11-01',
        content: '<p>x</p>',
      });
      expect((await call(suite, 'DELETE', `/api/admin/news/${item.id}`, { token: ahead })).status).toBe(200);
      items.push(item.id as string);
    }
    for (const id of items.slice(0, DELETES_FOR_EVER_A_DAY))
      expect((await call(suite, 'DELETE', `/api/admin/deleted/news/${id}`, { token: ahead })).status).toBe(200);
    for (let guess = 0; guess < 5; guess++)
      await call(suite, 'POST', '/api/admin/login', { body: { ...ADMIN, password: 'not the password at all' } });
    expect((await call(suite, 'POST', '/api/admin/login', { body: ADMIN })).status).toBe(429);

    // Set right: the owner signs in, the session made ahead is over, and the day's deletes are not a year's.
    await moveFakeClock(clock, today);
    expect((await call(suite, 'GET', '/api/admin/me', { token: ahead })).status).toBe(401);
    token = await login(suite);
    expect((await call(suite, 'DELETE', `/api/admin/deleted/news/${items.at(-1)}`, { token })).status).toBe(200);
    await moveFakeClock(clock, Date.now());
  });
});
