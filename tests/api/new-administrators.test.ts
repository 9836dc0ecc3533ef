import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { addAdministrator } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// The dashboard says, for a week, who was made an administrator (docs/decisions/064): a stranger's
// account of their own, added to come back after the password is changed, is where the committee
// looks first, however many lines a script wrote since.

eachDatabase('new administrators on the dashboard on $kind', (db) => {
  const clock = path.join(os.tmpdir(), `new-administrators-clock-${process.pid}-${db.kind}`);
  const suite = useServer(db, fakeClockEnv(clock));
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const newAdministrators = async () => {
    const answer = await call(suite, 'GET', '/api/admin/activity', { token });
    expect(answer.status).toBe(200);
    return answer.body.newAdministrators as { id: string; username: string; at: string; addedBy: string | null; restored: boolean }[];
  };

  it('names each administrator added in the last week and who added them, until removed or a week old', async () => {
    // The one ADMIN_USERNAME made at start is not news.
    expect(await newAdministrators()).toEqual([]);
    const helper = await addAdministrator(suite, token, 'helper', 'a pale lantern under winter');
    const backdoor = await addAdministrator(suite, helper.token, 'backdoor', 'a quiet harbour before dawn', 'a pale lantern under winter');
    // A script's hundreds of lines since do not push them out.
    for (let i = 0; i < 60; i++) {
      expect(
        (await call(suite, 'POST', '/api/admin/news', { token: helper.token, body: { title: `Spam ${i}`, publishedAt: '2026-11-01' } }))
          .status,
      ).toBe(201);
    }
    expect(await newAdministrators()).toEqual([
      { id: backdoor.id, username: 'backdoor', at: expect.any(String), addedBy: 'helper', restored: false },
      { id: helper.id, username: 'helper', at: expect.any(String), addedBy: ADMIN.username, restored: false },
    ]);
    // Only the first page of everyone's log carries it.
    expect((await call(suite, 'GET', `/api/admin/activity?admin=${helper.id}`, { token })).body.newAdministrators).toBeUndefined();

    expect((await call(suite, 'DELETE', `/api/admin/administrators/${backdoor.id}`, { token })).status).toBe(200);
    expect((await newAdministrators()).map((admin) => admin.username)).toEqual(['helper']);
    // Put back from Recently removed (docs/decisions/125), by the helper with their password: a way back in too.
    const putBack = await call(suite, 'POST', `/api/admin/administrators/removed/${backdoor.id}/restore`, {
      token: helper.token,
      body: { currentPassword: 'a pale lantern under winter' },
    });
    expect(putBack.status, putBack.text).toBe(200);
    expect(await newAdministrators()).toEqual([
      { id: backdoor.id, username: 'backdoor', at: expect.any(String), addedBy: 'helper', restored: true },
      { id: helper.id, username: 'helper', at: expect.any(String), addedBy: ADMIN.username, restored: false },
    ]);
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${backdoor.id}`, { token })).status).toBe(200);
    expect((await newAdministrators()).map((admin) => admin.username)).toEqual(['helper']);
    await moveFakeClock(clock, Date.now() + 8 * 86_400_000);
    token = await login(suite);
    expect(await newAdministrators()).toEqual([]);
    await moveFakeClock(clock, Date.now());
  });
});
