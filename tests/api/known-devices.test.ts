import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// Guesses at a username from many addresses slow that username down for everyone, and a flood of
// sign-ins fills the hashing queue: an attack that keeps the owner out too. A browser the owner
// signed in on before sends its proof (a cookie) and has a count and a line of its own
// (docs/decisions/122). The server trusts X-Forwarded-For, so each scenario has addresses of its own.

const PASSWORD = 'another-long-password';

const signIn = (suite: { url: string }, username: string, password: string, from: string, device?: string) =>
  call(suite.url, 'POST', '/api/admin/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': from, ...(device && { cookie: `club_device=${device}` }) },
  });

/** The proof the answer sets, with the cookie's attributes. */
function deviceCookie(answer: { headers: Headers }): { value: string; attributes: string } {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('club_device='));
  if (!cookie) throw new Error('no club_device cookie');
  const [pair, ...attributes] = cookie.split('; ');
  return { value: pair!.slice('club_device='.length), attributes: attributes.join('; ') };
}

/** Ten wrong guesses at `username` from ten addresses: its limit across addresses is used up. */
async function guessFromEverywhere(suite: { url: string }, username: string, network: string, password = PASSWORD): Promise<void> {
  for (let i = 1; i <= 10; i++) expect((await signIn(suite, username, `wrong-${i}`, `${network}.${i}`)).status, `guess ${i}`).toBe(401);
  expect((await signIn(suite, username, password, `${network}.200`)).status).toBe(429);
}

eachDatabase('known devices on $kind', (db) => {
  const suite = useServer(db, { TRUST_PROXY: 'true' });
  let token: string;
  beforeAll(async () => {
    token = await login(suite.url);
    for (const username of ['hana', 'ivan', 'june', 'kofi']) {
      const created = await call(suite.url, 'POST', '/api/admin/administrators', {
        token,
        body: { username, password: PASSWORD, currentPassword: ADMIN.password },
      });
      expect(created.status).toBe(201);
    }
  });

  it('lets the owner in from a browser they used before while guesses from everywhere slow the username down', async () => {
    const first = await signIn(suite, 'hana', PASSWORD, '192.0.2.10');
    expect(first.status).toBe(200);
    const device = deviceCookie(first);
    expect(device.attributes.split('; ').sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/api/admin/login', 'SameSite=Strict']);

    await guessFromEverywhere(suite, 'hana', '203.0.113');
    // The owner, on the phone network today (a new address), with the browser they used before.
    const known = await signIn(suite, 'hana', PASSWORD, '198.51.100.7', device.value);
    expect(known.status).toBe(200);
    expect(deviceCookie(known).value).toBe(device.value);
    // The same browser with its cookies cleared is one more stranger.
    expect((await signIn(suite, 'hana', PASSWORD, '198.51.100.7')).status).toBe(429);
    // Its network's limit across usernames does not hold it back either.
    for (let i = 1; i <= 20; i++) expect((await signIn(suite, `nobody-${i}`, 'wrong', '198.51.100.8')).status).toBe(401);
    expect((await signIn(suite, 'nobody-21', 'wrong', '198.51.100.8')).status).toBe(429);
    expect((await signIn(suite, 'hana', PASSWORD, '198.51.100.8', device.value)).status).toBe(200);
  });

  it('gives a stolen proof 5 guesses, however many are sent at once, then a lockout of its own that keeps nobody else out', async () => {
    const device = deviceCookie(await signIn(suite, 'ivan', PASSWORD, '192.0.2.20')).value;
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(suite, 'ivan', `wrong-${i}`, `192.0.2.${30 + (i % 5)}`, device)),
    );
    const counts: Record<number, number> = {};
    for (const { status } of guesses) counts[status] = (counts[status] ?? 0) + 1;
    expect(counts).toEqual({ 401: 5, 429: 35 });
    const locked = await signIn(suite, 'ivan', PASSWORD, '192.0.2.36', device);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    // Those guesses counted for that device alone: the owner signs in elsewhere.
    expect((await signIn(suite, 'ivan', PASSWORD, '192.0.2.37')).status).toBe(200);
  });

  it('knows no proof made for another administrator or before a new password, nor a forged one', async () => {
    const first = await signIn(suite, 'june', PASSWORD, '192.0.2.40');
    const device = deviceCookie(first).value;
    const [id, nonce] = device.split('.');
    // A new password forgets every browser known before it (a lost phone keeps no advantage).
    const changed = await call(suite.url, 'PUT', '/api/admin/password', {
      token: first.body.token,
      body: { currentPassword: PASSWORD, newPassword: 'a-brand-new-password' },
      headers: { 'x-forwarded-for': '192.0.2.40' },
    });
    expect(changed.status).toBe(200);
    const kofis = deviceCookie(await signIn(suite, 'kofi', PASSWORD, '192.0.2.42')).value;
    await guessFromEverywhere(suite, 'june', '203.0.114', 'a-brand-new-password');
    for (const proof of [device, `${id}.${nonce}.${'A'.repeat(43)}`, kofis]) {
      expect((await signIn(suite, 'june', 'a-brand-new-password', '192.0.2.43', proof)).status).toBe(429);
    }
  });

  it('checks the owner’s password from a known browser while a flood of sign-ins fills the queue', async () => {
    const device = deviceCookie(await signIn(suite, 'kofi', PASSWORD, '192.0.2.50')).value;
    let full = () => {};
    const queueFull = new Promise<void>((resolve) => (full = resolve));
    const flood = Array.from({ length: 90 }, (_, i) =>
      signIn(suite, `flood-${i}`, 'wrong', `198.18.${Math.floor(i / 200)}.${i % 200}`).then((answer) => {
        if (answer.status === 503) full();
        return answer;
      }),
    );
    // The first "busy" answer: strangers are being turned away now.
    await queueFull;
    const owner = await signIn(suite, 'kofi', PASSWORD, '192.0.2.52', device);
    expect(owner.status).toBe(200);
    await Promise.all(flood);
  });
});
