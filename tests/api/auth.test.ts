import { afterAll, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { call, login } from '../setup/api-client.ts';
import { openDb } from '../setup/direct-db.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';
import { requiresAdmin } from '../../src/server/http/areas.ts';
import { apiRoutes } from '../../src/server/openapi.ts';

const adminRoutes = Object.entries(await apiRoutes())
  .filter(([path]) => requiresAdmin(path))
  .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: path.replace('{id}', 'abc123') })));

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

eachDatabase('authentication on $kind', (db) => {
  const suite = useServer(db);
  const dbs: ReturnType<typeof openDb>[] = [];
  const direct = () => {
    const handle = openDb(suite);
    dbs.push(handle);
    return handle;
  };
  afterAll(async () => {
    for (const handle of dbs) await handle.destroy();
  });

  it('answers 401 on every admin route and method without a session, or with a bad one', async () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(13);
    for (const { method, path } of [
      ...adminRoutes,
      { method: 'GET', path: '/api/admin/not-a-route' },
      { method: 'PATCH', path: '/api/admin/news' },
    ]) {
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-token' },
        { authorization: 'Basic YWRtaW46eA==' },
        { cookie: 'club_session=forged' },
      ]) {
        const response = await call(suite, method, path, { headers, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(response.body.message).toBe('Please sign in as an administrator.');
      }
    }
  });

  it('refuses unknown user and wrong password alike, with the same message', async () => {
    const unknown = await call(suite, 'POST', '/api/admin/login', { body: { username: 'nobody', password: 'whatever-password' } });
    const wrong = await call(suite, 'POST', '/api/admin/login', { body: { username: 'someone-else', password: 'nope' } });
    for (const response of [unknown, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid username or password' });
    }
  });

  it('signs in with a token, accepts it as a bearer credential and revokes it on logout', async () => {
    const response = await call(suite, 'POST', '/api/admin/login', { body: { username: ' ADMIN ', password: ADMIN.password } });
    expect(response.status).toBe(200);
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = response.body.token;
    expect((await call(suite, 'GET', '/api/admin/me', { token })).body).toMatchObject({ username: 'admin' });
    // Only a hash of the token is stored.
    const handle = direct();
    const stored = await handle.selectFrom('sessions').select('tokenHash').execute();
    expect(stored.map((s) => s.tokenHash)).toContain(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await call(suite, 'POST', '/api/admin/logout', { token })).status).toBe(200);
    expect((await call(suite, 'GET', '/api/admin/me', { token })).status).toBe(401);
    expect((await call(suite, 'POST', '/api/admin/news', { token, body: { title: 'x', publishedAt: '2026-01-01' } })).status).toBe(401);
  });

  it('ends sessions that passed their absolute or idle expiry', async () => {
    const handle = direct();
    const absolute = await login(suite);
    const idle = await login(suite);
    await handle
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('tokenHash', '=', sha256(absolute))
      .execute();
    await handle
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('tokenHash', '=', sha256(idle))
      .execute();
    expect((await call(suite, 'GET', '/api/admin/me', { token: absolute })).status).toBe(401);
    expect((await call(suite, 'GET', '/api/admin/me', { token: idle })).status).toBe(401);
    // An expired session is removed, not merely refused.
    const left = await handle
      .selectFrom('sessions')
      .select('tokenHash')
      .where('tokenHash', 'in', [sha256(absolute), sha256(idle)])
      .execute();
    expect(left).toEqual([]);
  });

  it('ends a session made while the clock ran ahead, once it is set right (138), and keeps one an hour ahead', async () => {
    const handle = direct();
    const ahead = await login(suite);
    const recent = await login(suite);
    // Signed in while the server's clock said next year: its end is a year and 30 days off.
    const year = 365 * 86_400_000;
    await handle
      .updateTable('sessions')
      .set({
        createdAt: new Date(Date.now() + year).toISOString(),
        lastSeenAt: new Date(Date.now() + year).toISOString(),
        expiresAt: new Date(Date.now() + year + 30 * 86_400_000).toISOString(),
      })
      .where('tokenHash', '=', sha256(ahead))
      .execute();
    // A clock stepped back an hour leaves sessions alone.
    await handle
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() + 3600_000 + 30 * 86_400_000).toISOString() })
      .where('tokenHash', '=', sha256(recent))
      .execute();
    expect((await call(suite, 'GET', '/api/admin/me', { token: ahead })).status).toBe(401);
    expect((await call(suite, 'GET', '/api/admin/me', { token: recent })).status).toBe(200);
  });

  it('sets an httpOnly SameSite=Lax cookie that authenticates same-origin writes only', async () => {
    const response = await call(suite, 'POST', '/api/admin/login', { body: ADMIN });
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^club_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i); // plain http here; Secure behind https
    const cookie = setCookie.split(';')[0]!;
    const news = { title: 'From the admin area', publishedAt: '2026-01-01' };

    expect((await call(suite, 'GET', '/api/admin/me', { headers: { cookie } })).status).toBe(200);
    const same = await call(suite, 'POST', '/api/admin/news', { headers: { cookie, origin: suite.url }, body: news });
    expect(same.status).toBe(201);
    const foreign = await call(suite, 'POST', '/api/admin/news', { headers: { cookie, origin: 'https://evil.example' }, body: news });
    expect(foreign.status).toBe(403);
    const noOrigin = await call(suite, 'POST', '/api/admin/news', { headers: { cookie }, body: news });
    expect(noOrigin.status).toBe(403);
    const fetchMeta = await call(suite, 'DELETE', `/api/admin/news/${same.body.id}`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(fetchMeta.status).toBe(200);

    // Bearer calls from scripts need no Origin.
    const token = await login(suite);
    expect((await call(suite, 'POST', '/api/admin/news', { token, body: news })).status).toBe(201);

    const logout = await call(suite, 'POST', '/api/admin/logout', { headers: { cookie, origin: suite.url } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/club_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await call(suite, 'GET', '/api/admin/me', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses a login form posted from another site', async () => {
    const response = await call(suite, 'POST', '/api/admin/login', { body: ADMIN, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('guards admin screens on the server', async () => {
    const anonymous = await call(suite, 'GET', '/admin/dashboard');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/admin');
    const token = await login(suite);
    const signedIn = await call(suite, 'GET', '/admin', { headers: { cookie: `club_session=${token}` } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe('/admin/dashboard');
  });

  it('keeps the admin address a signed-out visitor asked for, to go on to once signed in, and only an admin address', async () => {
    const asked = await call(suite, 'GET', '/admin/events?edit=abc123');
    expect([asked.status, asked.headers.get('location')]).toEqual([302, '/admin?next=%2Fadmin%2Fevents%3Fedit%3Dabc123']);
    const cookie = `club_session=${await login(suite)}`;
    const onward = await call(suite, 'GET', '/admin?next=%2Fadmin%2Fevents%3Fedit%3Dabc123', { headers: { cookie } });
    expect([onward.status, onward.headers.get('location')]).toEqual([302, '/admin/events?edit=abc123']);
    for (const hostile of [
      'https%3A%2F%2Fevil.example',
      '%2F%2Fevil.example',
      '%2Fadmin%2F..%2F..%2Fevil',
      '%2Fadmin%5C%5Cevil.example',
      '%2Fadmin%2F%0D%0ASet-Cookie%3A%20a%3Db',
    ]) {
      const answer = await call(suite, 'GET', `/admin?next=${hostile}`, { headers: { cookie } });
      expect([answer.status, answer.headers.get('location')], hostile).toEqual([302, '/admin/dashboard']);
      // Signed out, the sign-in page itself is served whatever the parameter says.
      expect((await call(suite, 'GET', `/admin?next=${hostile}`)).status, hostile).toBe(200);
    }
  });

  it('sends the addresses people try for a sign-in page to /admin, and a mistyped address to the dashboard after sign-in', async () => {
    for (const guess of ['/admin/login', '/admin/sign-in', '/admin/Login']) {
      const answer = await call(suite, 'GET', guess);
      expect([answer.status, answer.headers.get('location')], guess).toEqual([301, '/admin']);
    }
    const kept = await call(suite, 'GET', '/admin/login?next=%2Fadmin%2Fnews');
    expect(kept.headers.get('location')).toBe('/admin?next=%2Fadmin%2Fnews');
    expect((await call(suite, 'POST', '/admin/login', { body: { username: ADMIN.username } })).status).toBe(405);
    // Signed in, the guess goes on through /admin to the dashboard, as the sign-in page does.
    const cookie = `club_session=${await login(suite)}`;
    const signedIn = await call(suite, 'GET', '/admin/login', { headers: { cookie } });
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([301, '/admin']);
    // An address the admin does not have: asked to sign in, with nothing to go on to.
    const mistyped = await call(suite, 'GET', '/admin/newz');
    expect([mistyped.status, mistyped.headers.get('location')]).toEqual([302, '/admin']);
    const onward = await call(suite, 'GET', '/admin?next=%2Fadmin%2Fnewz', { headers: { cookie } });
    expect(onward.headers.get('location')).toBe('/admin/dashboard');
    // Signed in, the app shows its 'Page Not Found' there, and the status says so as well.
    const unknown = await call(suite, 'GET', '/admin/newz', { headers: { cookie } });
    expect([unknown.status, unknown.text.includes('astro-island')]).toEqual([404, true]);
    for (const screen of ['/admin/news', '/admin/NEWS', '/admin/activity']) {
      expect((await call(suite, 'GET', screen, { headers: { cookie } })).status, screen).toBe(200);
    }
  });

  it("sends a password manager's 'change password' to the screen where an administrator changes theirs", async () => {
    const wellKnown = await call(suite, 'GET', '/.well-known/change-password');
    expect(wellKnown.status).toBe(302);
    expect(wellKnown.headers.get('location')).toBe('/admin/administrators#change-password');
    const token = await login(suite);
    const screen = await call(suite, 'GET', '/admin/administrators', { headers: { cookie: `club_session=${token}` } });
    expect(screen.status).toBe(200);
    // A signed-out browser is asked to sign in first, as for any admin screen.
    expect((await call(suite, 'GET', '/admin/administrators')).headers.get('location')).toBe('/admin?next=%2Fadmin%2Fadministrators');
  });
});
