import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { openDb } from '../setup/direct-db.ts';
import { ADMIN, testDatabases, useServer } from '../setup/server.ts';

const attempt = (suite: { url: string }, password: string, username = ADMIN.username) =>
  call(suite.url, 'POST', '/api/admin/login', { body: { username, password } });

describe.each(testDatabases)('brute-force lockout on $kind', (db) => {
  const suite = useServer(db);
  let handle: ReturnType<typeof openDb> | undefined;
  afterAll(async () => handle?.destroy());

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
    handle = openDb(suite);
    // Let the first lockout run out, as if 15 minutes had passed.
    await handle.updateTable('loginAttempts').set({ lockedUntil: new Date(Date.now() - 1000).toISOString() }).execute();
    for (let i = 1; i <= 5; i++) expect((await attempt(suite, `again-${i}`)).status).toBe(401);
    const second = await attempt(suite, ADMIN.password);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
    expect(second.body.message).toMatch(/30 minutes/);

    await handle.updateTable('loginAttempts').set({ lockedUntil: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await attempt(suite, ADMIN.password)).status).toBe(200);
    const rows = await handle.selectFrom('loginAttempts').selectAll().where('key', 'like', `${ADMIN.username}\n%`).execute();
    expect(rows).toEqual([]);
  });
});
