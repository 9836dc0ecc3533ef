import { expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';
import { firstSignIn } from '../setup/fill-site.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { describeActivity } from '../../src/core/activity/activity.schema.ts';
import { CHOOSE_OWN_PASSWORD, SAME_PASSWORD } from '../../src/core/admins/admins.schema.ts';

eachDatabase('administrators on $kind', (db) => {
  const suite = useServer(db);
  const handle = useDirectDb(suite);

  it('lists, adds and removes administrators, never the last one nor oneself', async () => {
    const token = await login(suite);
    const list = await call(suite, 'GET', '/api/admin/administrators', { token });
    expect(list.status).toBe(200);
    expect(list.body.map((a: { username: string }) => a.username)).toEqual([ADMIN.username]);
    const self = list.body[0];

    const invalid = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'x', password: 'short', currentPassword: ADMIN.password },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 12 characters',
    });

    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'Second.Dad', password: 'another-long-password', currentPassword: ADMIN.password },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: 'second.dad' });
    expect(added.body.passwordHash).toBeUndefined();
    const duplicate = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'second.dad', password: 'another-long-password', currentPassword: ADMIN.password },
    });
    expect(duplicate.status).toBe(409);

    const secondToken = await login(suite, 'second.dad', 'another-long-password');
    const selfRemoval = await call(suite, 'DELETE', `/api/admin/administrators/${self.id}`, { token });
    expect(selfRemoval.status).toBe(409);
    expect(selfRemoval.body.message).toBe('You cannot remove yourself.');

    const removed = await call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}`, { token });
    expect(removed.status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token: secondToken })).status).toBe(401);
    expect((await call(suite, 'DELETE', '/api/admin/administrators/abc123def456', { token })).status).toBe(404);
  });

  it('adds an administrator only with the adder’s own password: a session left signed in is not enough', async () => {
    const token = await login(suite);
    const add = (body: Record<string, string>) =>
      call(suite, 'POST', '/api/admin/administrators', {
        token,
        body: { username: 'stranger', password: 'another-long-password', ...body },
      });
    const missing = await add({});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'Your password is required' });
    // A wrong one is a guess like a sign-in: a stolen session cannot try passwords without end.
    for (let i = 1; i <= 5; i++) {
      const wrong = await add({ currentPassword: `not-it-${i}` });
      expect(wrong.status, `guess ${i}`).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: 'The current password is not correct' });
    }
    const locked = await add({ currentPassword: ADMIN.password });
    expect(locked.status).toBe(429);
    const list = await call(suite, 'GET', '/api/admin/administrators', { token });
    expect(list.body.map((admin: { username: string }) => admin.username)).not.toContain('stranger');
    // Its own owner is locked out of signing in from here too, until the lockout ends (here, at once, for the tests after this one).
    expect((await call(suite, 'POST', '/api/admin/login', { body: ADMIN })).status).toBe(429);
    await handle().deleteFrom('loginAttempts').execute();
  });

  it('changes one’s own password with the current one, keeping this session and ending the others', async () => {
    const token = await login(suite);
    const other = await login(suite);
    const wrong = await call(suite, 'PUT', '/api/admin/password', {
      token,
      body: { currentPassword: 'not-it', newPassword: 'a-brand-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'The current password is not correct' });
    const short = await call(suite, 'PUT', '/api/admin/password', {
      token,
      body: { currentPassword: ADMIN.password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.newPassword).toBe('Password must be at least 12 characters');

    const changed = await call(suite, 'PUT', '/api/admin/password', {
      token,
      body: { currentPassword: ADMIN.password, newPassword: 'a-brand-new-password' },
    });
    expect(changed.status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token: other })).status).toBe(401);
    await login(suite, ADMIN.username, 'a-brand-new-password');
    // Put it back for the other suites' habits.
    await call(suite, 'PUT', '/api/admin/password', {
      token,
      body: { currentPassword: 'a-brand-new-password', newPassword: ADMIN.password },
    });
  });

  it('sets a new password for an administrator who has forgotten theirs, with the setter’s own, ending their sessions', async () => {
    const token = await login(suite);
    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'forgetful', password: 'the-old-password-here', currentPassword: ADMIN.password },
    });
    const theirs = await login(suite, 'forgetful', 'the-old-password-here');
    const url = `/api/admin/administrators/${added.body.id}/password`;
    const set = (body: Record<string, unknown>, as = token) => call(suite, 'PUT', url, { token: as, body });

    const missing = await set({ newPassword: 'a-fresh-start-password' });
    expect([missing.status, missing.body.errors]).toEqual([400, { currentPassword: 'Your password is required' }]);
    const wrong = await set({ newPassword: 'a-fresh-start-password', currentPassword: 'not-mine' });
    expect([wrong.status, wrong.body.errors]).toEqual([400, { currentPassword: 'The current password is not correct' }]);
    const weak = await set({ newPassword: 'forgetful123', currentPassword: ADMIN.password });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toMatch(/^This password is too easy to guess\./);
    const me = (await call(suite, 'GET', '/api/admin/me', { token })).body;
    const own = await call(suite, 'PUT', `/api/admin/administrators/${me.id}/password`, {
      token,
      body: { newPassword: 'a-fresh-start-password', currentPassword: ADMIN.password },
    });
    expect([own.status, own.body.message]).toEqual([409, 'Change your own password under “Change your password”.']);
    expect((await set({ newPassword: 'a-fresh-start-password', currentPassword: ADMIN.password }, '')).status).toBe(401);
    const nobody = await call(suite, 'PUT', '/api/admin/administrators/abc123def456/password', {
      token,
      body: { newPassword: 'a-fresh-start-password', currentPassword: ADMIN.password },
    });
    expect(nobody.status).toBe(404);
    // None of those changed anything.
    expect((await call(suite, 'GET', '/api/admin/me', { token: theirs })).status).toBe(200);

    const done = await set({ newPassword: 'a-fresh-start-password', currentPassword: ADMIN.password });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/^New password set for forgetful\. They are signed out on every device/);
    expect((await call(suite, 'GET', '/api/admin/me', { token: theirs })).status).toBe(401);
    const oldOne = await call(suite, 'POST', '/api/admin/login', { body: { username: 'forgetful', password: 'the-old-password-here' } });
    expect(oldOne.status).toBe(401);
    expect(await login(suite, 'forgetful', 'a-fresh-start-password')).toEqual(expect.any(String));
    // The setter stays signed in, and the log says who set it.
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(200);
    const lines = (await call(suite, 'GET', '/api/admin/activity', { token })).body.entries.map(describeActivity);
    expect(lines).toContain(`${ADMIN.username} set a new password for the administrator “forgetful”`);
    await call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}`, { token });
  });

  it('asks whoever signs in with a password another administrator set to choose their own before anything else', async () => {
    const token = await login(suite);
    const given = 'a-password-they-were-given';
    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'newcomer', password: given, currentPassword: ADMIN.password },
    });
    const givenOf = (list: { username: string; passwordGivenUntil: string | null }[]) =>
      Object.fromEntries(list.map((admin) => [admin.username, admin.passwordGivenUntil !== null]));
    expect(givenOf((await call(suite, 'GET', '/api/admin/administrators', { token })).body)).toEqual({
      [ADMIN.username]: false,
      newcomer: true,
    });

    const theirs = await login(suite, 'newcomer', given);
    const me = await call(suite, 'GET', '/api/admin/me', { token: theirs });
    expect(me.body).toMatchObject({ username: 'newcomer', passwordGiven: true });
    // Nothing else, read or write, in the API's own calls and the news image flow's.
    const newsBefore = (await call(suite, 'GET', '/api/news')).body.length;
    const refused = await Promise.all([
      call(suite, 'GET', '/api/admin/administrators', { token: theirs }),
      call(suite, 'GET', '/api/admin/activity', { token: theirs }),
      call(suite, 'POST', '/api/admin/news', { token: theirs, body: { title: 'Not yet', content: '<p>x</p>' } }),
      call(suite, 'PUT', '/api/admin/who-we-are', { token: theirs, body: { aboutUs: 'x', whoAreWe: 'x', contactEmail: 'a@b.org' } }),
      call(suite, 'POST', '/api/objects/upload', { token: theirs }),
      call(suite, 'DELETE', `/api/admin/administrators/${me.body.id}/sessions`, { token: theirs }),
    ]);
    for (const answer of refused) {
      expect([answer.status, answer.body.message]).toEqual([403, CHOOSE_OWN_PASSWORD]);
    }
    expect((await call(suite, 'GET', '/api/news')).body).toHaveLength(newsBefore);

    // The same one again would leave the setter knowing it.
    const same = await call(suite, 'PUT', '/api/admin/password', { token: theirs, body: { currentPassword: given, newPassword: given } });
    expect([same.status, same.body.errors]).toEqual([400, { newPassword: SAME_PASSWORD }]);
    expect((await call(suite, 'GET', '/api/admin/me', { token: theirs })).body.passwordGiven).toBe(true);
    const chosen = await call(suite, 'PUT', '/api/admin/password', {
      token: theirs,
      body: { currentPassword: given, newPassword: 'one-only-the-newcomer-knows' },
    });
    expect(chosen.status).toBe(200);
    // The same session goes on, with everything open to it.
    expect((await call(suite, 'GET', '/api/admin/me', { token: theirs })).body.passwordGiven).toBe(false);
    expect((await call(suite, 'GET', '/api/admin/administrators', { token: theirs })).status).toBe(200);
    expect(givenOf((await call(suite, 'GET', '/api/admin/administrators', { token })).body).newcomer).toBe(false);

    // Set for them again (forgotten): asked again, with signing out still open to them.
    const set = await call(suite, 'PUT', `/api/admin/administrators/${added.body.id}/password`, {
      token,
      body: { newPassword: 'another-given-password', currentPassword: ADMIN.password },
    });
    expect(set.status).toBe(200);
    const again = await login(suite, 'newcomer', 'another-given-password');
    expect((await call(suite, 'GET', '/api/admin/me', { token: again })).body.passwordGiven).toBe(true);
    expect((await call(suite, 'GET', '/api/admin/activity', { token: again })).status).toBe(403);
    expect((await call(suite, 'POST', '/api/admin/logout', { token: again })).status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token: again })).status).toBe(401);
    // The setter's own sign-in is untouched throughout.
    expect((await call(suite, 'GET', '/api/admin/me', { token })).body.passwordGiven).toBe(false);
    await call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}`, { token });
  });

  it('refuses a new password a guesser would try first, saying why, on adding and on changing', async () => {
    const token = await login(suite);
    const tooEasy = (field: string) => ({ [field]: expect.stringMatching(/^This password is too easy to guess\. \S/) });
    // Long enough, and among the first tried: common passwords, keyboard rows, the site's own words.
    for (const password of ['password1234', 'qwertyuiop12', 'admin12345678', 'fathersclub1']) {
      const added = await call(suite, 'POST', '/api/admin/administrators', {
        token,
        body: { username: 'tom.dad', password, currentPassword: ADMIN.password },
      });
      expect(added.status, password).toBe(400);
      expect(added.body.errors, password).toEqual(tooEasy('password'));
    }
    const changed = await call(suite, 'PUT', '/api/admin/password', {
      token,
      body: { currentPassword: ADMIN.password, newPassword: 'iloveyou1234' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual(tooEasy('newPassword'));
    expect(changed.body.message).toBe(changed.body.errors.newPassword);
    // Nothing was created or changed.
    const list = await call(suite, 'GET', '/api/admin/administrators', { token });
    expect(list.body.map((a: { username: string }) => a.username)).toEqual([ADMIN.username]);
    expect(await login(suite)).toEqual(expect.any(String));
  });

  it('lists the devices signed in as each administrator, so that a stranger’s sign-in shows', async () => {
    const token = await login(suite);
    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'watch.dad', password: 'another-long-password', currentPassword: ADMIN.password },
    });
    expect(added.body).toMatchObject({ signedInDevices: 0, lastActiveAt: null, lastSignIn: null });
    const activity = async () =>
      (await call(suite, 'GET', '/api/admin/administrators', { token })).body.find((a: { username: string }) => a.username === 'watch.dad');
    expect(await activity()).toMatchObject({ signedInDevices: 0, lastActiveAt: null, lastSignIn: null });
    const before = Date.now();
    await login(suite, 'watch.dad', 'another-long-password');
    // The newest sign-in, with where it came from, stays after its session ends.
    const second = await call(suite, 'POST', '/api/admin/login', {
      body: { username: 'watch.dad', password: 'another-long-password' },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    });
    const signedIn = await activity();
    expect(signedIn.signedInDevices).toBe(2);
    expect(Date.parse(signedIn.lastActiveAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(signedIn.lastSignIn).toEqual({
      at: expect.any(String),
      address: expect.stringMatching(/127\.0\.0\.1|::1/),
      device: 'Firefox on Windows',
    });
    expect(Date.parse(signedIn.lastSignIn.at)).toBeGreaterThanOrEqual(before - 1000);
    // Signing out ends one of them.
    expect((await call(suite, 'POST', '/api/admin/logout', { token: second.body.token })).status).toBeLessThan(300);
    expect(await activity()).toMatchObject({ signedInDevices: 1, lastSignIn: signedIn.lastSignIn });
    await call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}`, { token });
  });

  it('signs an administrator out on every device (a lost phone), and oneself on every other device', async () => {
    const token = await login(suite);
    const myOther = await login(suite);
    const added = await call(suite, 'POST', '/api/admin/administrators', {
      token,
      body: { username: 'lost.phone', password: 'another-long-password', currentPassword: ADMIN.password },
    });
    const phone = await login(suite, 'lost.phone', 'another-long-password');
    const laptop = await login(suite, 'lost.phone', 'another-long-password');

    const ended = await call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}/sessions`, { token });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ message: 'lost.phone is signed out on every device.' });
    for (const gone of [phone, laptop]) expect((await call(suite, 'GET', '/api/admin/me', { token: gone })).status).toBe(401);
    const listed = (await call(suite, 'GET', '/api/admin/administrators', { token })).body;
    expect(listed.find((a: { username: string }) => a.username === 'lost.phone')).toMatchObject({ signedInDevices: 0 });
    // The password still works: signing out is not removing.
    const again = await login(suite, 'lost.phone', 'another-long-password');
    expect((await call(suite, 'GET', '/api/admin/me', { token: again })).status).toBe(200);

    const me = (await call(suite, 'GET', '/api/admin/me', { token })).body;
    const mine = await call(suite, 'DELETE', `/api/admin/administrators/${me.id}/sessions`, { token });
    expect(mine.body).toEqual({ message: 'Your other devices are signed out.' });
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token: myOther })).status).toBe(401);
    // Another administrator's sessions are not touched by that.
    expect((await call(suite, 'GET', '/api/admin/me', { token: again })).status).toBe(200);

    expect((await call(suite, 'DELETE', '/api/admin/administrators/abc123def456/sessions', { token })).status).toBe(404);
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}/sessions`)).status).toBe(401);
    await call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}`, { token });
  });

  it('answers 409, never 500, when the same name is added many times at once', async () => {
    const token = await login(suite);
    // Four: each carries the adder's password, a guess like a sign-in, and a fifth at once from
    // one address would start the lockout (docs/decisions/010).
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(suite, 'POST', '/api/admin/administrators', {
          token,
          body: { username: 'twin.dad', password: 'another-long-password', currentPassword: ADMIN.password },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.message).toBe('An administrator called "twin.dad" already exists.');
    const list = await call(suite, 'GET', '/api/admin/administrators', { token });
    const twin = list.body.find((a: { username: string }) => a.username === 'twin.dad');
    expect(list.body.filter((a: { username: string }) => a.username === 'twin.dad')).toHaveLength(1);
    await call(suite, 'DELETE', `/api/admin/administrators/${twin.id}`, { token });
  });

  it('keeps at least one administrator when the last two remove each other at the same moment', async () => {
    const first = await login(suite);
    const me = (await call(suite, 'GET', '/api/admin/me', { token: first })).body;
    for (let round = 0; round < 5; round++) {
      const name = `rival${round}`;
      const added = await call(suite, 'POST', '/api/admin/administrators', {
        token: first,
        body: { username: name, password: 'another-long-password', currentPassword: ADMIN.password },
      });
      expect(added.status).toBe(201);
      const second = await firstSignIn(suite, name, 'another-long-password', 'a password of their own');
      const [a, b] = await Promise.all([
        call(suite, 'DELETE', `/api/admin/administrators/${added.body.id}`, { token: first }),
        call(suite, 'DELETE', `/api/admin/administrators/${me.id}`, { token: second }),
      ]);
      expect(
        [a.status, b.status].filter((status) => status === 200),
        `${a.text} ${b.text}`,
      ).toHaveLength(1);
      for (const answer of [a, b]) expect([200, 401, 409]).toContain(answer.status);
      const survivors = await call(suite, 'GET', '/api/admin/administrators', { token: a.status === 200 ? first : second });
      expect(survivors.body).toHaveLength(1);
      if (b.status === 200) return; // the first administrator is gone; the rival is the last one
    }
  });
});
