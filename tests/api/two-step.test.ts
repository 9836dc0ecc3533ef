import { spawn } from 'node:child_process';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { CODE_NEEDED, CODE_WRONG, INVALID_CREDENTIALS } from '../../src/core/auth/auth.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';

// Two-step sign-in: a password reused elsewhere, or seen over a shoulder, is not enough to sign in.

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'treasurer-keeps-the-float';

/** The code an authenticator app shows `seconds` from now. */
const codeAt = (secret: string, seconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + seconds * 1000,
  });

eachDatabase('two-step sign-in on $kind', (db) => {
  const suite = useServer(db);
  const signIn = (body: Record<string, string>) =>
    call(suite, 'POST', '/api/admin/login', { body: { username: 'treasurer', password: PASSWORD, ...body } });

  it('is turned on with a code from the app and the password, asks for a code at every sign-in, and takes each code once', async () => {
    const admin = await login(suite);
    expect(
      (await call(suite, 'POST', '/api/admin/administrators', { token: admin, body: { username: 'treasurer', password: PASSWORD } }))
        .status,
    ).toBe(201);
    const token = await login(suite, 'treasurer', PASSWORD);
    const otherDevice = await login(suite, 'treasurer', PASSWORD);

    const setup = await call(suite, 'POST', '/api/admin/two-step', { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.body as { secret: string; otpauthUrl: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*treasurer\?.*secret=[A-Z2-7]{32}/);
    expect(Buffer.from(qrCode.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()).toMatch(/^<svg /);
    // Nothing changed yet: the password alone still signs in.
    expect((await signIn({})).status).toBe(200);

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
    // Sent three times at once: one sign-in.
    const next = codeAt(secret, 30);
    const racing = await Promise.all([1, 2, 3].map(() => signIn({ code: next })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
  });

  it('is turned off by another administrator (a lost phone) or from the command line', async () => {
    const admin = await login(suite);
    const list = await call(suite, 'GET', '/api/admin/administrators', { token: admin });
    const treasurer = list.body.find((each: { username: string }) => each.username === 'treasurer');
    expect(treasurer.twoStep).toBe(true);
    const off = await call(suite, 'DELETE', `/api/admin/administrators/${treasurer.id}/two-step`, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(
      'Two-step sign-in is off for treasurer: they sign in with their password only, and can turn it on again.',
    );
    expect((await signIn({})).status).toBe(200);
    expect((await call(suite, 'DELETE', '/api/admin/administrators/no-such-id/two-step', { token: admin })).status).toBe(404);

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
        env: { PATH: process.env.PATH, DATA_DIR: suite.database.dataDir, DATABASE_URL: suite.database.databaseUrl },
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('close', (status) => resolve({ status, out }));
      child.stdin.end();
    });
    expect(command.status, command.out).toBe(0);
    expect(command.out).toContain('Two-step sign-in is off for treasurer');
    expect((await signIn({})).status).toBe(200);
  });
});
