import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { GIVEN_PASSWORD_DAYS, GIVEN_PASSWORD_EXPIRED } from '../../src/core/admins/admins.schema.ts';
import { INVALID_CREDENTIALS } from '../../src/core/auth/auth.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { moveFakeClock, fakeClockEnv } from '../setup/fake-clock.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// A password another administrator set signs in for GIVEN_PASSWORD_DAYS; after that, only a new one
// set for them does (docs/decisions/079). Its owner's own password has no such end.

const DAY = 86_400_000;

eachDatabase('passwords someone else set, on $kind', (db) => {
  const clock = path.join(os.tmpdir(), `given-passwords-clock-${process.pid}-${db.kind}`);
  const suite = useServer(db, fakeClockEnv(clock));
  const signIn = (username: string, password: string) => call(suite, 'POST', '/api/admin/login', { body: { username, password } });
  const lineOf = async (username: string) =>
    (
      (await call(suite, 'GET', '/api/admin/administrators', { token: await login(suite) })).body as {
        username: string;
        passwordGivenUntil: string | null;
      }[]
    ).find((admin) => admin.username === username)!;

  it(`signs in for ${GIVEN_PASSWORD_DAYS} days, then says to ask for a new one; one's own password has no such end`, async () => {
    const start = Date.now();
    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token: await login(suite),
      body: { username: 'latecomer', password: 'a-password-passed-on', currentPassword: ADMIN.password },
    });
    expect(added.status).toBe(201);
    const until = Date.parse((await lineOf('latecomer')).passwordGivenUntil!);
    expect(Math.abs(until - (start + GIVEN_PASSWORD_DAYS * DAY))).toBeLessThan(60_000);
    expect((await lineOf(ADMIN.username)).passwordGivenUntil).toBeNull();

    await moveFakeClock(clock, start + (GIVEN_PASSWORD_DAYS - 1) * DAY);
    const inTime = await signIn('latecomer', 'a-password-passed-on');
    expect(inTime.status).toBe(200);
    expect((await call(suite, 'POST', '/api/admin/logout', { token: inTime.body.token })).status).toBe(200);

    await moveFakeClock(clock, start + (GIVEN_PASSWORD_DAYS + 1) * DAY);
    const late = await signIn('latecomer', 'a-password-passed-on');
    expect([late.status, late.body.message]).toEqual([401, GIVEN_PASSWORD_EXPIRED]);
    // A wrong password says nothing of it.
    const wrong = await signIn('latecomer', 'not-the-password-at-all');
    expect([wrong.status, wrong.body.message]).toEqual([401, INVALID_CREDENTIALS]);

    // Set again: signs in, and its owner chooses their own, which keeps working.
    const set = await call(suite, 'PUT', `/api/admin/administrators/${added.body.id}/password`, {
      token: await login(suite),
      body: { newPassword: 'another-password-passed-on', currentPassword: ADMIN.password },
    });
    expect(set.status).toBe(200);
    const again = await signIn('latecomer', 'another-password-passed-on');
    expect(again.status).toBe(200);
    const chosen = await call(suite, 'PUT', '/api/admin/password', {
      token: again.body.token,
      body: { currentPassword: 'another-password-passed-on', newPassword: 'the latecomer’s own words' },
    });
    expect(chosen.status).toBe(200);
    expect((await lineOf('latecomer')).passwordGivenUntil).toBeNull();
    await moveFakeClock(clock, start + 60 * DAY);
    expect((await signIn('latecomer', 'the latecomer’s own words')).status).toBe(200);
  });
});
