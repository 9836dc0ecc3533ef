import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { describeActivity } from '../../src/core/activity/activity.schema.ts';
import { nameTakenMessage, REMOVED_ADMIN_DAYS } from '../../src/core/admins/admins.schema.ts';
import { DAY_MS } from '../../src/core/shared/time.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase, type FreshDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { addAdministrator } from '../setup/fill-site.ts';
import { authenticatorApp } from '../setup/totp.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { startServer, type RunningServer } from '../setup/start-server.ts';
import { lockTable } from '../setup/table-lock.ts';

// A volunteer removes the wrong colleague on a phone (or a stranger with a password removes the
// committee): the account waits 30 days to be put back as it was (docs/decisions/125).

const REMOVED = '/api/admin/administrators/removed';

eachDatabase('removed administrators on $kind', (db) => {
  const clock = path.join(os.tmpdir(), `removed-admins-clock-${process.pid}-${db.kind}`);
  const suite = useServer(db, fakeClockEnv(clock));
  const direct = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  /** Put back by whoever `as` is, with their own password (docs/decisions/047). */
  const putBack = (id: string, as: { token: string; password: string } = { token, password: ADMIN.password }) =>
    call(suite, 'POST', `${REMOVED}/${id}/restore`, { token: as.token, body: { currentPassword: as.password } });

  it('are put back as they were: the same password and two-step, signed in nowhere, each step in the activity log', async () => {
    const bob = await addAdministrator(suite, token, 'bob.dad', 'a kettle of quiet herons');
    const app = authenticatorApp(clock);
    const { secret } = (await call(suite, 'POST', '/api/admin/two-step', { token: bob.token })).body as { secret: string };
    const on = await call(suite, 'PUT', '/api/admin/two-step', {
      token: bob.token,
      body: { secret, code: app.codeAt(secret), currentPassword: 'a kettle of quiet herons' },
    });
    expect(on.status, on.text).toBe(200);
    const removed = await call(suite, 'DELETE', `/api/admin/administrators/${bob.id}`, { token });
    expect(removed.status).toBe(200);
    // Gone: no sign-in, no session, not counted among the administrators.
    expect((await call(suite, 'GET', '/api/admin/me', { token: bob.token })).status).toBe(401);
    expect(
      (await call(suite, 'POST', '/api/admin/login', { body: { username: 'bob.dad', password: 'a kettle of quiet herons' } })).status,
    ).toBe(401);
    const admins = await call(suite, 'GET', '/api/admin/administrators', { token });
    expect(admins.body.map((admin: { username: string }) => admin.username)).toEqual([ADMIN.username]);

    const list = await call(suite, 'GET', REMOVED, { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: bob.id, username: 'bob.dad', removedAt: expect.any(String), removedBy: ADMIN.username, purgeAt: expect.any(String) },
    ]);
    expect(Date.parse(list.body[0].purgeAt) - Date.parse(list.body[0].removedAt)).toBe(REMOVED_ADMIN_DAYS * DAY_MS);
    // Administrators only.
    expect((await call(suite, 'GET', REMOVED)).status).toBe(401);
    expect((await call(suite, 'POST', `${REMOVED}/${bob.id}/restore`)).status).toBe(401);

    // The removal's line offers 'Restore' while the account can be put back.
    const removalLine = async () =>
      (
        (await call(suite, 'GET', '/api/admin/activity', { token })).body.entries as {
          action: string;
          subjectId: string;
          restorable: boolean;
        }[]
      ).find((entry) => entry.action === 'removed' && entry.subjectId === bob.id);
    expect((await removalLine())?.restorable).toBe(true);

    const restored = await putBack(bob.id);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: bob.id, username: 'bob.dad', signedInDevices: 0, twoStep: true });
    expect(restored.body.passwordHash).toBeUndefined();
    // The old session stays ended; the same password signs in again.
    expect((await call(suite, 'GET', '/api/admin/me', { token: bob.token })).status).toBe(401);
    const again = await call(suite, 'POST', '/api/admin/login', { body: { username: 'bob.dad', password: 'a kettle of quiet herons' } });
    expect(again.status).toBe(401);
    expect(again.body.errors).toHaveProperty('code');
    // The code of a later step: the one that turned it on is used.
    await app.freshStep();
    const signedIn = await call(suite, 'POST', '/api/admin/login', {
      body: { username: 'bob.dad', password: 'a kettle of quiet herons', code: app.codeAt(secret) },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await call(suite, 'GET', REMOVED, { token })).body).toEqual([]);
    expect((await removalLine())?.restorable).toBe(false);

    const lines = (await call(suite, 'GET', '/api/admin/activity', { token })).body.entries.map(describeActivity);
    expect(lines).toContain(`${ADMIN.username} removed the administrator “bob.dad”`);
    expect(lines).toContain(`${ADMIN.username} restored the administrator “bob.dad”`);
    await call(suite, 'DELETE', `/api/admin/administrators/${bob.id}`, { token });
  });

  it('are put back only with the password of whoever does it: a session left signed in is not enough', async () => {
    // A stranger once had a password and made an account of their own; the committee removed it.
    // With a phone left signed in, they must not get it back without its owner's password.
    const backdoor = await addAdministrator(suite, token, 'backdoor', 'a stranger knows this one');
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${backdoor.id}`, { token })).status).toBe(200);
    const missing = await call(suite, 'POST', `${REMOVED}/${backdoor.id}/restore`, { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'Your password is required' });
    // A wrong one is a guess like a sign-in: a session cannot try passwords without end either.
    for (let i = 1; i <= 5; i++) {
      const wrong = await putBack(backdoor.id, { token, password: `not-it-${i}` });
      expect(wrong.status, `guess ${i}`).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: 'The current password is not correct' });
    }
    expect((await putBack(backdoor.id)).status).toBe(429);
    expect((await call(suite, 'GET', REMOVED, { token })).body.map((admin: { id: string }) => admin.id)).toContain(backdoor.id);
    expect(
      (await call(suite, 'POST', '/api/admin/login', { body: { username: 'backdoor', password: 'a stranger knows this one' } })).status,
    ).toBe(401);
    await direct().deleteFrom('loginAttempts').execute();
    expect((await putBack(backdoor.id)).status).toBe(200);
    await call(suite, 'DELETE', `/api/admin/administrators/${backdoor.id}`, { token });
  });

  it("are named on the remover's activity beside 'Restore all', until put back", async () => {
    const ivan = await addAdministrator(suite, token, 'ivan.dad', 'a rope swing over the brook');
    const jim = await addAdministrator(suite, token, 'jim.dad', 'three conkers on a string');
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${jim.id}`, { token: ivan.token })).status).toBe(200);
    const ofIvan = async () => (await call(suite, 'GET', `/api/admin/activity?admin=${ivan.id}`, { token })).body;
    expect((await ofIvan()).removalsToPutBack).toEqual([{ id: jim.id, username: 'jim.dad' }]);
    // Only on one administrator's first page.
    expect((await call(suite, 'GET', '/api/admin/activity', { token })).body.removalsToPutBack).toBeUndefined();
    expect((await putBack(jim.id)).status).toBe(200);
    expect((await ofIvan()).removalsToPutBack).toEqual([]);
    for (const admin of [ivan, jim]) await call(suite, 'DELETE', `/api/admin/administrators/${admin.id}`, { token });
  });

  it('puts one back once, however many ask at the same moment', async () => {
    const carl = await addAdministrator(suite, token, 'carl.dad', 'seven lanterns over the weir');
    const other = await addAdministrator(suite, token, 'dave.dad', 'a pocketful of winter pears');
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${carl.id}`, { token })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? putBack(carl.id) : putBack(carl.id, { token: other.token, password: 'a pocketful of winter pears' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    for (const answer of answers.filter((each) => each.status === 404)) expect(answer.body.message).toBe('Removed administrator not found');
    const names = (await call(suite, 'GET', '/api/admin/administrators', { token })).body.map(
      (admin: { username: string }) => admin.username,
    );
    expect(names.filter((name: string) => name === 'carl.dad')).toHaveLength(1);
    const restoredLines = (
      await direct().selectFrom('activity').select('id').where('action', '=', 'restored').where('subjectId', '=', carl.id).execute()
    ).length;
    expect(restoredLines).toBe(1);
    for (const admin of [carl, other]) await call(suite, 'DELETE', `/api/admin/administrators/${admin.id}`, { token });
  });

  it('is refused with the reason when another administrator has taken the name meanwhile', async () => {
    const first = await addAdministrator(suite, token, 'erin.dad', 'the orchard gate swings twice');
    await call(suite, 'DELETE', `/api/admin/administrators/${first.id}`, { token });
    const second = await addAdministrator(suite, token, 'erin.dad', 'a different password entirely');
    const refused = await putBack(first.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(nameTakenMessage('erin.dad'));
    // Still there to put back once the name is free again.
    expect((await call(suite, 'GET', REMOVED, { token })).body.map((admin: { id: string }) => admin.id)).toContain(first.id);
    await call(suite, 'DELETE', `/api/admin/administrators/${second.id}`, { token });
    expect((await putBack(first.id)).status).toBe(200);
    await call(suite, 'DELETE', `/api/admin/administrators/${first.id}`, { token });
    expect((await putBack('not-an-id!')).status).toBe(404);
  });

  // SQLite takes one writer at a time, so the addition is either wholly before or after; on
  // PostgreSQL the addition's row can be written, not yet committed, while the put-back looks.
  it.runIf(db.kind === 'postgres')('answers 409, never 500, when the name is added again while the account is being put back', async () => {
    const first = await addAdministrator(suite, token, 'hal.dad', 'a lamp in the boathouse window');
    await call(suite, 'DELETE', `/api/admin/administrators/${first.id}`, { token });
    // The addition writes its row, then waits for its activity line: its row is not yet committed.
    const activity = await lockTable(suite.database.databaseUrl!, 'activity');
    const watcher = new pg.Client({ connectionString: suite.database.databaseUrl });
    await watcher.connect();
    try {
      const added = call(suite, 'POST', '/api/admin/administrators', {
        token,
        body: { username: 'hal.dad', password: 'another lamp in the boathouse', currentPassword: ADMIN.password },
      });
      await activity.blocked();
      // The put-back finds the name free, and its own row waits on the addition's.
      const restored = putBack(first.id);
      await expect
        .poll(async () => Number((await watcher.query('select count(*) as n from pg_locks where not granted')).rows[0].n))
        .toBeGreaterThanOrEqual(2);
      await activity.release();
      const [restoredAnswer, addedAnswer] = await Promise.all([restored, added]);
      expect(addedAnswer.status, addedAnswer.text).toBe(201);
      expect(restoredAnswer.status, restoredAnswer.text).toBe(409);
      expect(restoredAnswer.body.message).toBe(nameTakenMessage('hal.dad'));
      // Still there to put back once the name is free.
      expect((await call(suite, 'GET', REMOVED, { token })).body.map((admin: { id: string }) => admin.id)).toContain(first.id);
      await call(suite, 'DELETE', `/api/admin/administrators/${addedAnswer.body.id}`, { token });
    } finally {
      await activity.release();
      await watcher.end();
    }
  });

  it('travel with a backup, and can be put back on the site it is restored to', async () => {
    const gil = await addAdministrator(suite, token, 'gil.dad', 'four owls in the bell tower');
    await call(suite, 'DELETE', `/api/admin/administrators/${gil.id}`, { token });
    const envOf = (database: FreshDatabase) => ({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      SITE_TIMEZONE: 'Europe/London',
    });
    const file = path.join(suite.database.dataDir, 'with-removed.tar.gz');
    const taken = await runScript('backup', ['--out', file], envOf(suite.database));
    expect(taken.code, taken.out).toBe(0);
    const target = await db.create();
    let other: RunningServer | undefined;
    try {
      const restored = await runScript('restore', [file], envOf(target));
      expect(restored.code, restored.out).toBe(0);
      other = await startServer(envOf(target));
      const otherToken = await login(other.url);
      const removed = (await call(other.url, 'GET', REMOVED, { token: otherToken })).body as { id: string; username: string }[];
      expect(removed.map((admin) => admin.username)).toContain('gil.dad');
      expect(
        (await call(other.url, 'POST', `${REMOVED}/${gil.id}/restore`, { token: otherToken, body: { currentPassword: ADMIN.password } }))
          .status,
      ).toBe(200);
      expect((await login(other.url, 'gil.dad', 'four owls in the bell tower')).length).toBeGreaterThan(0);
    } finally {
      await other?.stop();
      await target.drop();
    }
  }, 60_000);

  it(`are forgotten for good ${REMOVED_ADMIN_DAYS} days after their removal`, async () => {
    const fred = await addAdministrator(suite, token, 'fred.dad', 'marbles in a biscuit tin');
    await call(suite, 'DELETE', `/api/admin/administrators/${fred.id}`, { token });
    const countRows = async () => (await direct().selectFrom('removedAdmins').select('id').where('id', '=', fred.id).execute()).length;
    expect(await countRows()).toBe(1);

    await moveFakeClock(clock, Date.now() + REMOVED_ADMIN_DAYS * DAY_MS - 3_600_000);
    // A day before: still there (signed in again, the month having ended the session).
    token = await login(suite);
    expect((await call(suite, 'GET', REMOVED, { token })).body.map((admin: { id: string }) => admin.id)).toContain(fred.id);

    await moveFakeClock(clock, Date.now() + REMOVED_ADMIN_DAYS * DAY_MS + 3_600_000);
    token = await login(suite);
    expect((await call(suite, 'GET', REMOVED, { token })).body).toEqual([]);
    expect((await putBack(fred.id)).status).toBe(404);
    // The housekeeping (at start, then hourly) deletes the row itself.
    await suite.restart();
    await expect.poll(countRows).toBe(0);
    await moveFakeClock(clock, Date.now());
    token = await login(suite);
  });
});
