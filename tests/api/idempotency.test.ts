import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { firstSignIn } from '../setup/fill-site.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// Idempotency-Key on creates: a double tap, or a retry after a lost answer, makes one item.

eachDatabase('idempotent creates on $kind', (db) => {
  const suite = useServer(db, photoSiteEnv);
  const handle = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const post = (path: string, body: unknown, key?: string, as = token) =>
    call(suite, 'POST', path, { token: as, body, headers: key ? { 'idempotency-key': key } : {} });

  it('creates one item for ten identical requests sent at once, and answers each with it', async () => {
    const before = (await call(suite, 'GET', '/api/news')).body.length;
    const body = { title: 'Tapped twice', content: '<p>x</p>', publishedAt: '2026-11-01' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/admin/news', body, 'double-tap-0001')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect((await call(suite, 'GET', '/api/news')).body.length).toBe(before + 1);
    // Later, the same request again (a retry after a lost answer): the same answer, nothing new.
    const again = await post('/api/admin/news', body, 'double-tap-0001');
    expect(again.body.id).toBe(answers[0]!.body.id);
    expect((await call(suite, 'GET', '/api/news')).body.length).toBe(before + 1);
    // Without a key, each request creates.
    await post('/api/admin/news', body);
    expect((await call(suite, 'GET', '/api/news')).body.length).toBe(before + 2);
  });

  it('refuses the key with another request, lets a refused request be corrected, and keeps keys per administrator', async () => {
    const event = { name: 'Keyed', date: '2030-01-01T10:00:00.000Z', comment: 'x', bookingUrl: 'https://booking.test/k' };
    expect((await post('/api/admin/events', event, 'event-key-0001')).status).toBe(201);
    const other = await post('/api/admin/events', { ...event, name: 'Another' }, 'event-key-0001');
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/already used for another request/);

    const invalid = await post('/api/admin/gallery', { imageUrl: 'not a url' }, 'gallery-key-0001');
    expect(invalid.status).toBe(400);
    const corrected = await post('/api/admin/gallery', { imageUrl: `${photoSite()}/a.jpg` }, 'gallery-key-0001');
    expect(corrected.status).toBe(201);

    // Adding an administrator takes no key: its body holds passwords, and the store keeps a hash of
    // the body. A second tap is refused as a name already taken.
    const added = await post(
      '/api/admin/administrators',
      { username: 'second-admin', password: 'another-long-password', currentPassword: ADMIN.password },
      'admin-key-0001',
    );
    expect(added.status).toBe(201);
    const tappedAgain = await post(
      '/api/admin/administrators',
      { username: 'second-admin', password: 'another-long-password', currentPassword: ADMIN.password },
      'admin-key-0001',
    );
    expect(tappedAgain.status).toBe(409);
    expect(
      await handle().selectFrom('idempotencyKeys').select('request').where('request', 'like', 'POST /api/admin/administrators%').execute(),
    ).toEqual([]);
    const second = await firstSignIn(suite, 'second-admin', 'another-long-password', 'a password of their own');
    const mine = await post('/api/admin/events', event, 'event-key-0001', second);
    expect(mine.status).toBe(201);
    expect(mine.body.id).not.toBe(other.body.id);
  });

  it('makes each item once when the server is killed mid-create and the same requests are sent again', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => ({
      title: `Killed mid-create ${i}`,
      content: '<p>x</p>',
      publishedAt: '2026-11-01',
    }));
    const keyOf = (i: number) => `killed-create-${String(i).padStart(4, '0')}`;
    const first = Promise.allSettled(bodies.map((body, i) => post('/api/admin/news', body, keyOf(i))));
    // Killed with some answered, some made but not answered, some not begun.
    await expect
      .poll(
        async () => (await handle().selectFrom('newsItems').select('id').where('title', 'like', 'Killed mid-create %').execute()).length,
        { interval: 5 },
      )
      .toBeGreaterThan(3);
    await suite.restart('SIGKILL');
    await first;
    token = await login(suite);

    const started = Date.now();
    const retries = await Promise.all(bodies.map((body, i) => post('/api/admin/news', body, keyOf(i))));
    expect(retries.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    // Answered within seconds, not refused for a day: SQLite's server releases the dead claims at
    // start; on PostgreSQL (another instance might hold them) a retry takes a claim over after 8 s.
    expect(Date.now() - started).toBeLessThan(db.kind === 'sqlite' ? 5_000 : 15_000);
    const rows = await handle().selectFrom('newsItems').select(['id', 'title']).where('title', 'like', 'Killed mid-create %').execute();
    expect(rows.map((row) => row.title).sort()).toEqual(bodies.map((body) => body.title).sort());
    expect(retries.map((answer) => answer.body.id).sort()).toEqual(rows.map((row) => row.id).sort());
    // Each with its one 'added' line.
    const lines = await handle()
      .selectFrom('activity')
      .select('subjectId')
      .where('action', '=', 'added')
      .where(
        'subjectId',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    expect(lines).toHaveLength(40);
  });

  it('refuses a malformed key with a message naming it', async () => {
    const answer = await post('/api/admin/news', { title: 'x', content: '<p>x</p>', publishedAt: '2026-11-01' }, 'no spaces!');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ 'Idempotency-Key': 'Idempotency-Key must be 8 to 100 letters, digits, - or _' });
  });
});
