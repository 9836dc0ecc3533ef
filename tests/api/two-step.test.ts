import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CODE_NEEDED, CODE_WRONG, INVALID_CREDENTIALS } from '../../src/core/auth/auth.schema.ts';
import { describeActivity, type ActivityEntry } from '../../src/core/activity/activity.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { firstSignIn } from '../setup/fill-site.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { fakeClockEnv, fakeClockJoined } from '../setup/fake-clock.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { authenticatorApp } from '../setup/totp.ts';

// Two-step sign-in: a password reused elsewhere, or seen over a shoulder, is not enough to sign in.

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'treasurer-keeps-the-float';

eachDatabase('two-step sign-in on $kind', (db) => {
  // Addresses are taken from X-Forwarded-For, so that a test can send from many at once.
  const clock = path.join(os.tmpdir(), `two-step-clock-${process.pid}-${db.kind}`);
  const suite = useServer(db, { TRUST_PROXY: 'true', ...fakeClockEnv(clock) });
  const { codeAt, freshStep, setWrong } = authenticatorApp(clock);
  const handle = useDirectDb(suite);
  const signIn = (body: Record<string, string>, from = '192.0.2.10') =>
    call(suite, 'POST', '/api/admin/login', {
      body: { username: 'treasurer', password: PASSWORD, ...body },
      headers: { 'x-forwarded-for': from },
    });
  const administrator = async (token: string, username: string) =>
    (await call(suite, 'GET', '/api/admin/administrators', { token })).body.find(
      (each: { username: string }) => each.username === username,
    ) as { id: string; twoStep: boolean; wrongCodes: number; lastWrongCodeAt: string | null };

  /** A new administrator added by `admin`, signed in: their session's token. */
  const addAdministrator = async (admin: string, username: string) => {
    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token: admin,
      body: { username, password: `${PASSWORD} as given`, currentPassword: ADMIN.password },
    });
    expect(added.status).toBe(201);
    return firstSignIn(suite, username, `${PASSWORD} as given`, PASSWORD);
  };

  it('is turned on with a code from the app and the password, asks for a code at every sign-in, and takes each code once', async () => {
    const admin = await login(suite);
    const token = await addAdministrator(admin, 'treasurer');
    const otherDevice = await login(suite, 'treasurer', PASSWORD);

    const setup = await call(suite, 'POST', '/api/admin/two-step', { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.body as { secret: string; otpauthUrl: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*treasurer\?.*secret=[A-Z2-7]{32}/);
    expect(Buffer.from(qrCode.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()).toMatch(/^<svg /);
    // Nothing changed yet: the password alone still signs in.
    expect((await signIn({})).status).toBe(200);
    await freshStep();

    // Each code is read once and kept, as a person would type it: a 30-second boundary passing
    // during the test cannot turn a used code into a new one. The code of the step before now
    // turns it on, which leaves now's and the next for the sign-ins below.
    const turnOn = (body: Record<string, string>) =>
      call(suite, 'PUT', '/api/admin/two-step', { token, body: { secret, code: codeAt(secret, -30), currentPassword: PASSWORD, ...body } });
    const refusals: [Record<string, string>, Record<string, string>][] = [
      [{ code: codeAt(secret, 120) }, { code: CODE_WRONG }],
      [{ code: 'abcdef' }, { code: CODE_WRONG }],
      [{ currentPassword: 'not-the-password' }, { currentPassword: 'The current password is not correct' }],
      [{ secret: 'AAAA' }, { secret: 'Start again: that is not a secret this site made' }],
      [{ code: '' }, { code: 'Enter the 6-digit code your app shows' }],
    ];
    for (const [body, errors] of refusals) {
      const refused = await turnOn(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors).toEqual(errors);
    }
    const enrolment = codeAt(secret, -30);
    const on = await turnOn({ code: enrolment });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(
      'Two-step sign-in is on: signing in now asks for the code your app shows. Your other devices are signed out.',
    );
    // This device stays; the others (a thief's among them) are signed out.
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token: otherDevice })).status).toBe(401);
    const list = await call(suite, 'GET', '/api/admin/administrators', { token: admin });
    expect(list.body.map((each: { username: string; twoStep: boolean }) => [each.username, each.twoStep])).toEqual([
      ['admin', false],
      ['treasurer', true],
    ]);

    // The password alone: asked for the code. A wrong password says nothing of the code.
    const noCode = await signIn({});
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({ message: CODE_NEEDED, errors: { code: CODE_NEEDED } });
    expect(noCode.headers.get('set-cookie')).toBeNull();
    const current = codeAt(secret);
    expect((await signIn({ password: 'not-the-password', code: current })).body).toEqual({ message: INVALID_CREDENTIALS });
    const wrong = [codeAt(secret, -30), current, codeAt(secret, 30)].includes('000000') ? '111111' : '000000';
    expect((await signIn({ code: wrong })).body).toEqual({ message: CODE_WRONG, errors: { code: CODE_WRONG } });
    // The code typed to turn it on is used up.
    expect((await signIn({ code: enrolment })).body.message).toBe(CODE_WRONG);

    const signedIn = await signIn({ code: current.replace(/^(\d{3})/, '$1 ') });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    // Seen over a shoulder and typed again: refused.
    expect((await signIn({ code: current })).body.message).toBe(CODE_WRONG);
    // The wrong code is recorded for the Administrators screen (and so are the used ones above if
    // a 30-second boundary passed meanwhile and made them no code of now: at most three).
    const recorded = (await administrator(admin, 'treasurer')).wrongCodes;
    expect(recorded).toBeGreaterThanOrEqual(1);
    expect(recorded).toBeLessThanOrEqual(3);
    // Sent three times at once: one sign-in.
    const next = codeAt(secret, 30);
    const racing = await Promise.all([1, 2, 3].map(() => signIn({ code: next })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);

    // Only a code that is no code of now tells that someone has the password; a used one (a
    // double tap) does not.
    const shown = await administrator(admin, 'treasurer');
    expect(shown.wrongCodes).toBe(recorded);
    expect(Date.parse(shown.lastWrongCodeAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('takes codes again once a clock that ran ahead, the phone’s with it, is set right (138)', async () => {
    const admin = await login(suite);
    const token = await addAdministrator(admin, 'chair');
    const { secret } = (await call(suite, 'POST', '/api/admin/two-step', { token })).body as { secret: string };
    await freshStep();
    const turnedOn = await call(suite, 'PUT', '/api/admin/two-step', {
      token,
      body: { secret, code: codeAt(secret, -30), currentPassword: PASSWORD },
    });
    expect(turnedOn.status).toBe(200);
    const signInWith = (code: string) =>
      call(suite, 'POST', '/api/admin/login', {
        body: { username: 'chair', password: PASSWORD, code },
        headers: { 'x-forwarded-for': '192.0.2.20' },
      });
    // A year ahead on both (one wrong date typed into each, or both set from one wrong source): a sign-in then.
    await setWrong(365 * 86_400_000);
    expect((await signInWith(codeAt(secret))).status).toBe(200);
    // Set right: the step used a year ahead does not refuse today's codes for a year.
    await setWrong(0);
    const today = codeAt(secret);
    const signedIn = await signInWith(today);
    expect(signedIn.body).toEqual({ token: expect.any(String) });
    // A code is still taken once.
    expect((await signInWith(today)).body.message).toBe(CODE_WRONG);
  });

  it('lets someone who has the password try 5 codes a quarter of an hour, from every address together, and shows it', async () => {
    const admin = await login(suite);
    const token = await addAdministrator(admin, 'secretary');
    const { secret } = (await call(suite, 'POST', '/api/admin/two-step', { token })).body as { secret: string };
    await freshStep();
    expect(
      (await call(suite, 'PUT', '/api/admin/two-step', { token, body: { secret, code: codeAt(secret, -30), currentPassword: PASSWORD } }))
        .status,
    ).toBe(200);
    const signInAs = (code: string, from: string) =>
      call(suite, 'POST', '/api/admin/login', {
        body: { username: 'secretary', password: PASSWORD, code },
        headers: { 'x-forwarded-for': from },
      });

    // Nine wrong codes at once from nine networks (the username's own limit is 10 a minute):
    // five are checked, the rest refused unchecked, and so is the right code after them.
    const valid = new Set([-30, 0, 30].map((seconds) => codeAt(secret, seconds)));
    const wrong = Array.from({ length: 20 }, (_, i) => String(100_000 + i * 37_777).padStart(6, '0'))
      .filter((code) => !valid.has(code))
      .slice(0, 9);
    const answers = await Promise.all(wrong.map((code, i) => signInAs(code, `198.51.100.${i + 1}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toBe(
      'Too many wrong codes were entered for this administrator. Please try again in 15 minutes. If they were not yours, someone knows your password: change it once you are signed in.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect((await signInAs(codeAt(secret), '203.0.113.7')).status).toBe(429);

    // Every other administrator sees it, and so does the owner once signed in.
    const shown = await administrator(admin, 'secretary');
    expect(shown.wrongCodes).toBe(5);
    expect(Date.parse(shown.lastWrongCodeAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // A quarter of an hour later the right code signs in, which clears the count of codes tried
    // but not what was seen: only a new password makes that start again.
    const past = new Date(Date.now() - 20 * 60_000).toISOString();
    await handle().updateTable('loginAttempts').set({ lockedUntil: past, windowStartedAt: past }).execute();
    const owner = await signInAs(codeAt(secret, 30), '203.0.113.7');
    expect(owner.status).toBe(200);
    expect(
      await handle().selectFrom('loginAttempts').select('key').where('key', '=', `code\n${shown.id}`).executeTakeFirst(),
    ).toBeUndefined();
    expect((await administrator(admin, 'secretary')).wrongCodes).toBe(5);
    const changed = await call(suite, 'PUT', '/api/admin/password', {
      token: owner.body.token,
      body: { currentPassword: PASSWORD, newPassword: 'minutes-of-the-last-meeting' },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await administrator(admin, 'secretary')).toMatchObject({ wrongCodes: 0, lastWrongCodeAt: null });
  });

  it('is turned off by another administrator (a lost phone) or from the command line', async () => {
    const admin = await login(suite);
    const list = await call(suite, 'GET', '/api/admin/administrators', { token: admin });
    const treasurer = list.body.find((each: { username: string }) => each.username === 'treasurer');
    expect(treasurer.twoStep).toBe(true);
    // Only with the password of whoever turns it off: a session alone cannot.
    const offAt = (body: Record<string, string>) =>
      call(suite, 'DELETE', `/api/admin/administrators/${treasurer.id}/two-step`, { token: admin, body });
    expect((await offAt({})).body.errors).toEqual({ currentPassword: 'Your password is required' });
    const wrongPassword = await offAt({ currentPassword: 'not-the-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ currentPassword: 'The current password is not correct' });
    expect((await administrator(admin, 'treasurer')).twoStep).toBe(true);
    // Their lost phone may still be signed in: turned off by someone else, they are signed out too.
    const { totpSecret } = await handle()
      .selectFrom('admins')
      .select('totpSecret')
      .where('username', '=', 'treasurer')
      .executeTakeFirstOrThrow();
    // As if a minute had passed since the test before used its codes.
    await handle().updateTable('admins').set({ totpLastStep: null }).where('username', '=', 'treasurer').execute();
    const lostPhone = await signIn({ code: codeAt(totpSecret!) });
    expect(lostPhone.status).toBe(200);
    const onTheLostPhone = lostPhone.body.token as string;
    const off = await offAt({ currentPassword: ADMIN.password });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(
      'Two-step sign-in is off for treasurer, and they are signed out on every device (a lost phone too): they sign in with their password only, and can turn it on again.',
    );
    expect((await call(suite, 'GET', '/api/admin/me', { token: onTheLostPhone })).status).toBe(401);
    expect((await call(suite, 'GET', '/api/admin/me', { token: admin })).status).toBe(200);
    expect((await signIn({})).status).toBe(200);
    expect(
      (
        await call(suite, 'DELETE', '/api/admin/administrators/no-such-id/two-step', {
          token: admin,
          body: { currentPassword: ADMIN.password },
        })
      ).status,
    ).toBe(404);

    // On again, then off with the command whoever runs the site has, for the only administrator who lost a phone.
    const token = await login(suite, 'treasurer', PASSWORD);
    const { secret } = (await call(suite, 'POST', '/api/admin/two-step', { token })).body as { secret: string };
    expect(
      (await call(suite, 'PUT', '/api/admin/two-step', { token, body: { secret, code: codeAt(secret), currentPassword: PASSWORD } }))
        .status,
    ).toBe(200);
    expect((await signIn({})).body.message).toBe(CODE_NEEDED);
    const command = await new Promise<{ status: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/admin.ts', 'two-step-off', 'Treasurer'], {
        cwd: root,
        // The server's clock, moved on by freshStep: the line it writes is after the server's in time as in fact.
        env: {
          PATH: process.env.PATH,
          DATA_DIR: suite.database.dataDir,
          DATABASE_URL: suite.database.databaseUrl,
          ...fakeClockJoined(clock),
        },
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('close', (status) => resolve({ status, out }));
      child.stdin.end();
    });
    expect(command.status, command.out).toBe(0);
    expect(command.out).toContain('Two-step sign-in is off for treasurer');
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(401);
    expect((await signIn({})).status).toBe(200);

    // Each turn on and off is in the activity log, by whoever did it; a wrong password left no line.
    const log = await call(suite, 'GET', '/api/admin/activity', { token: admin });
    const twoStepLines = (log.body.entries as ActivityEntry[])
      .filter((entry) => entry.action.includes('two-step') || entry.action === 'changed-password')
      .map(describeActivity)
      .toReversed();
    expect(twoStepLines.slice(-3)).toEqual([
      'admin turned off two-step sign-in for the administrator “treasurer”',
      'treasurer turned on two-step sign-in',
      'The server’s command line turned off two-step sign-in for the administrator “treasurer”',
    ]);
    expect(twoStepLines).toContain('secretary changed their password');
  });
});
