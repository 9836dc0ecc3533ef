import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';

// The server trusts X-Forwarded-For here, so each scenario signs in from addresses of its own
// and the per-address limits of one scenario do not spill into the next.
const attempt = (suite: { url: string }, password: string, username = ADMIN.username, from = '192.0.2.1') =>
  call(suite.url, 'POST', '/api/admin/login', { body: { username, password }, headers: { 'x-forwarded-for': from } });

const statuses = (responses: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

const PASSWORD = 'another-long-password';

eachDatabase('brute-force lockout on $kind', (db) => {
  const suite = useServer(db, { TRUST_PROXY: 'true' });
  const handle = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite.url);
    for (const username of ['carol', 'erin', 'gina']) {
      const created = await call(suite.url, 'POST', '/api/admin/administrators', {
        token,
        body: { username, password: PASSWORD, currentPassword: ADMIN.password },
      });
      expect(created.status).toBe(201);
    }
  });
  /** As if 15 minutes had passed: lockouts have run out and every window starts again. */
  async function timePasses() {
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    await handle()
      .updateTable('loginAttempts')
      .set({ windowStartedAt: past(20 * 60_000) })
      .execute();
    await handle()
      .updateTable('loginAttempts')
      .set({ lockedUntil: past(1000) })
      .where('lockedUntil', 'is not', null)
      .execute();
  }
  const pairRow = (username: string, group: string) =>
    handle().selectFrom('loginAttempts').selectAll().where('key', '=', `pair\n${username}\n${group}`).executeTakeFirst();

  it('answers 429 with Retry-After after 5 failures, even to the right password, and across a restart', async () => {
    for (let i = 1; i <= 5; i++) expect((await attempt(suite, `wrong-${i}`)).status, `attempt ${i}`).toBe(401);
    const locked = await attempt(suite, ADMIN.password);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts\. Please try again in 15 minutes\./);

    // Another username from the same address is not locked.
    expect((await attempt(suite, 'wrong', 'someone')).status).toBe(401);

    await suite.restart();
    expect((await attempt(suite, ADMIN.password)).status).toBe(429);
  });

  it('locks out for longer after each lockout in a row, and clears on success', async () => {
    await timePasses();
    for (let i = 1; i <= 5; i++) expect((await attempt(suite, `again-${i}`)).status).toBe(401);
    const second = await attempt(suite, ADMIN.password);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
    expect(second.body.message).toMatch(/30 minutes/);

    await timePasses();
    expect((await attempt(suite, ADMIN.password)).status).toBe(200);
    expect(await pairRow(ADMIN.username, '192.0.2.1')).toBeUndefined();
  });

  it('checks at most 5 of 40 guesses sent at once, the right password among them, and locks out once', async () => {
    const guesses = [...Array.from({ length: 39 }, (_, i) => `wrong-${i}`), PASSWORD];
    const answers = await Promise.all(guesses.map((password) => attempt(suite, password, 'carol', '198.51.100.40')));
    const counts = statuses(answers);
    expect((counts[401] ?? 0) + (counts[200] ?? 0), JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(35);
    expect(Object.keys(counts).every((status) => ['200', '401', '429'].includes(status))).toBe(true);
    if (!counts[200]) {
      expect((await attempt(suite, PASSWORD, 'carol', '198.51.100.40')).status).toBe(429);
      const row = await pairRow('carol', '198.51.100.40');
      expect(row?.lockouts).toBe(1);
    }
  });

  it('checks exactly 5 of 200 wrong guesses sent at once, and the lockout stays at 15 minutes', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(suite, `wrong-${i}`, 'dave', '198.51.100.200')));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 195 });
    const row = await pairRow('dave', '198.51.100.200');
    expect(row?.lockouts).toBe(1);
    const lockedFor = Date.parse(row!.lockedUntil!) - Date.now();
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it does not help', async () => {
    for (let i = 1; i <= 5; i++) expect((await attempt(suite, `wrong-${i}`, 'frank', `2001:db8:1:2::${i}`)).status).toBe(401);
    const rotated = await attempt(suite, 'wrong-6', 'frank', '2001:db8:1:2:ffff:1234:5678:9abc');
    expect(rotated.status).toBe(429);
    expect(rotated.body.message).toMatch(/Too many failed sign-in attempts/);
    expect((await attempt(suite, 'wrong-7', 'frank', '2001:db8:1:3::1')).status).toBe(401);
  });

  it('counts every spelling of one address as one: a port per connection, brackets, IPv4 inside IPv6', async () => {
    // Some proxies write the client's port too (`203.0.113.77:51234`): a new one for each connection.
    const spellings = ['198.51.100.77:40001', '198.51.100.77:40002', '[::ffff:198.51.100.77]:40003', '::ffff:c633:644d', ' 198.51.100.77 '];
    for (const from of spellings) expect((await attempt(suite, 'wrong', 'gina', from)).status, from).toBe(401);
    const sixth = await attempt(suite, PASSWORD, 'gina', '198.51.100.77:40006');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(await pairRow('gina', '198.51.100.77')).toMatchObject({ lockouts: 1 });
    // What the committee reads is the address, as a person writes it.
    await timePasses();
    expect((await attempt(suite, PASSWORD, 'gina', '[::ffff:198.51.100.78]:40007')).status).toBe(200);
    const log = await call(suite.url, 'GET', '/api/admin/activity', { token });
    const signedIn = (log.body.entries as { action: string; adminName: string; address: string | null }[]).find(
      (entry) => entry.action === 'signed-in' && entry.adminName === 'gina',
    );
    expect(signedIn?.address).toBe('198.51.100.78');
  });

  it('slows down guesses at one username from many addresses without locking its owner out', async () => {
    for (let i = 1; i <= 10; i++) expect((await attempt(suite, `wrong-${i}`, 'erin', `203.0.113.${i}`)).status, `guess ${i}`).toBe(401);
    const slowed = await attempt(suite, 'wrong-11', 'erin', '203.0.113.11');
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe('Too many sign-in attempts for this username right now. Please try again in 1 minute.');
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // A minute later the owner, from an address of their own, signs in.
    await handle()
      .updateTable('loginAttempts')
      .set({ windowStartedAt: new Date(Date.now() - 61_000).toISOString() })
      .where('key', '=', 'user\nerin')
      .execute();
    expect((await attempt(suite, PASSWORD, 'erin', '203.0.113.99')).status).toBe(200);
  });

  it('throttles one address trying many usernames', async () => {
    for (let i = 1; i <= 20; i++) expect((await attempt(suite, 'wrong', `nobody-${i}`, '192.0.2.77')).status, `name ${i}`).toBe(401);
    const throttled = await attempt(suite, 'wrong', 'nobody-21', '192.0.2.77');
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/from your network/);
    expect((await attempt(suite, 'wrong', 'nobody-21', '192.0.2.78')).status).toBe(401);
  });

  it('counts wrong current passwords when changing a password like failed sign-ins', async () => {
    const ginaToken = await login(suite.url, 'gina', PASSWORD);
    const change = (currentPassword: string) =>
      call(suite.url, 'PUT', '/api/admin/password', { token: ginaToken, body: { currentPassword, newPassword: 'a-brand-new-password' } });
    for (let i = 1; i <= 5; i++) expect((await change(`wrong-${i}`)).status, `guess ${i}`).toBe(400);
    const locked = await change(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });

  it('bounds concurrent password hashing: a flood gets "busy" answers and pages keep being served', async () => {
    const flood = Array.from({ length: 90 }, (_, i) => attempt(suite, 'wrong', `flood-${i}`, `198.18.${Math.floor(i / 200)}.${i % 200}`));
    const page = await call(suite.url, 'GET', '/');
    const answers = await Promise.all(flood);
    expect(page.status).toBe(200);
    const counts = statuses(answers);
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['401', '503']);
    const busy = answers.find((answer) => answer.status === 503)!;
    expect(busy.body.message).toBe('The server is busy checking other sign-ins. Please try again in a few seconds.');
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
