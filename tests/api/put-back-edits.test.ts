import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { addAdministrator, create, denBuilding } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// 'Put back all' (docs/decisions/058): what a stranger with a volunteer's password rewrote (a
// booking link, a page, the group link in the settings), put back in one tap from the earlier
// versions, leaving alone what the committee saved since.

eachDatabase("putting back one administrator's edits on $kind", (db) => {
  const suite = useServer(db);
  const direct = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const as = (method: string, path: string, body?: unknown, by = token) => call(suite, method, path, { token: by, body });

  it('puts back each page, the settings and each item the stranger last saved, once however many taps, and no other', async () => {
    const event = await create(suite.url, token, '/api/admin/events', denBuilding());
    const news = await create(suite.url, token, '/api/admin/news', {
      title: 'Camp-out',
      publishedAt: '2026-11-02',
      content: '<p>Torches.</p>',
    });
    const gone = await create(suite.url, token, '/api/admin/events', { ...denBuilding(), name: 'Bonfire' });
    const page = { aboutUs: 'Dads who build dens.', whoAreWe: 'The committee.', contactEmail: 'dads@example.org' };
    expect((await as('PUT', '/api/admin/who-we-are', page)).status).toBe(200);
    const group = 'https://chat.example.org/join/oakfield';
    expect((await as('PUT', '/api/admin/settings', { clubName: 'Oakfield Dads', messagingGroupUrl: group })).status).toBe(200);

    const stranger = await addAdministrator(suite, token, 'putbackstranger', 'a pale lantern under winter');
    const theirs = (method: string, path: string, body?: unknown) => as(method, path, body, stranger.token);
    // Two saves in a row of the booking link: put back means before the first of them.
    for (const bookingUrl of ['https://scam.example.net/1', 'https://scam.example.net/2']) {
      expect((await theirs('PUT', `/api/admin/events/${event.id}`, { ...denBuilding(), date: event.date, bookingUrl })).status).toBe(200);
    }
    expect(
      (await theirs('PUT', `/api/admin/news/${news.id}`, { title: 'Camp-out', publishedAt: '2026-11-02', content: '<p>Scam</p>' })).status,
    ).toBe(200);
    expect((await theirs('PUT', `/api/admin/events/${gone.id}`, { ...denBuilding(), date: gone.date, name: 'Bonfire!!' })).status).toBe(
      200,
    );
    expect((await theirs('PUT', '/api/admin/who-we-are', { aboutUs: 'Cheap watches.' })).status).toBe(200);
    expect((await theirs('PUT', '/api/admin/settings', { messagingGroupUrl: 'https://scam.example.net/win' })).status).toBe(200);
    // The committee already mended the news item by hand, and deleted the other event: theirs now.
    expect(
      (await as('PUT', `/api/admin/news/${news.id}`, { title: 'Camp-out', publishedAt: '2026-11-02', content: '<p>Mended.</p>' })).status,
    ).toBe(200);
    expect((await as('DELETE', `/api/admin/events/${gone.id}`)).status).toBe(200);

    const first = await as('GET', `/api/admin/activity?admin=${stranger.id}`);
    expect(first.body.editsToPutBack).toBe(3);

    const tappedAt = new Date().toISOString();
    const taps = await Promise.all([1, 2].map(() => as('POST', '/api/admin/activity/put-back-edits', { admin: stranger.id })));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200]);
    expect(taps.reduce((sum, tap) => sum + (tap.body.putBack as number), 0)).toBe(3);
    expect(taps.every((tap) => tap.body.remaining === 0)).toBe(true);
    expect(taps.map((tap) => tap.body.message).sort()).toEqual(
      taps
        .map((tap) =>
          tap.body.putBack === 0
            ? 'Nothing to put back: it was saved again since'
            : `Put back ${tap.body.putBack as number} edit${tap.body.putBack === 1 ? '' : 's'}`,
        )
        .sort(),
    );

    expect((await call(suite, 'GET', `/api/events/${event.id}`)).body).toMatchObject({
      bookingUrl: 'https://booking.example.org/den',
      date: event.date,
    });
    expect((await call(suite, 'GET', '/api/who-we-are')).body).toMatchObject(page);
    expect((await call(suite, 'GET', '/api/settings')).body).toMatchObject({ clubName: 'Oakfield Dads', messagingGroupUrl: group });
    expect((await call(suite, 'GET', `/api/news/${news.id}`)).body.content).toBe('<p>Mended.</p>');
    const home = await fetch(`${suite.url}/`).then((response) => response.text());
    expect(home).toContain(group);
    expect(home).not.toContain('scam.example.net');
    // Still deleted, and still the stranger's name in Recently deleted.
    expect((await as('GET', '/api/admin/deleted/events')).body.map((item: { label: string }) => item.label)).toContain('Bonfire!!');

    // One 'edited' line each, by whoever tapped; the stranger's texts are earlier versions now.
    const lines = await direct()
      .selectFrom('activity')
      .select(['subjectKind', 'subjectLabel'])
      .where('action', '=', 'edited')
      .where('adminName', '=', ADMIN.username)
      .where('at', '>=', tappedAt)
      .execute();
    expect(lines.map((line) => `${line.subjectKind} ${line.subjectLabel}`).sort()).toEqual([
      'event Den building',
      'page Who We Are',
      'settings null',
    ]);
    const eventVersions = (await as('GET', `/api/admin/events/${event.id}/versions`)).body as { content: { bookingUrl: string } }[];
    expect(eventVersions[0]!.content.bookingUrl).toBe('https://scam.example.net/2');

    // Nothing left: another tap does nothing.
    expect((await as('GET', `/api/admin/activity?admin=${stranger.id}`)).body.editsToPutBack).toBe(0);
    expect((await as('POST', '/api/admin/activity/put-back-edits', { admin: stranger.id })).body).toEqual({
      message: 'Nothing to put back: it was saved again since',
      putBack: 0,
      remaining: 0,
    });
  });

  /**
   * `count` news items a script rewrote, as the server would have left them: each row with the
   * script's text, and an earlier version with the club's, replaced by the script.
   */
  async function editedByScript(adminId: string, prefix: string, count: number): Promise<string[]> {
    const at = new Date(Date.now() - 60_000).toISOString();
    const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
    for (let start = 0; start < ids.length; start += 200) {
      const batch = ids.slice(start, start + 200);
      await direct()
        .insertInto('newsItems')
        .values(batch.map((id) => ({ id, title: `Spam ${id}`, content: '<p>Spam</p>', publishedAt: at, createdAt: at, updatedAt: at })))
        .execute();
      await direct()
        .insertInto('pageVersions')
        .values(
          batch.map((id) => ({
            id: `v${id}`,
            page: `news:${id}`,
            content: JSON.stringify({ title: `Club ${id}`, publishedAt: at, content: '<p>Ours</p>' }),
            savedAt: '2026-11-01T00:00:00.000Z',
            replacedAt: at,
            replacedById: adminId,
            replacedByName: 'script',
          })),
        )
        .execute();
    }
    return ids;
  }
  const titlesOf = async (ids: string[]) =>
    (await direct().selectFrom('newsItems').select(['id', 'title']).where('id', 'in', ids).execute()).map((row) => row.title);

  it("puts back a script's hundreds of edits five hundred a call", async () => {
    const script = await addAdministrator(suite, token, 'scriptedits', 'a cold wind over the moor');
    const ids = await editedByScript(script.id, 'bulkedit', 600);
    expect((await as('GET', `/api/admin/activity?admin=${script.id}`)).body.editsToPutBack).toBe(600);
    const first = await as('POST', '/api/admin/activity/put-back-edits', { admin: script.id });
    expect(first.body).toEqual({ message: 'Put back 500 edits', putBack: 500, remaining: 100 });
    const second = await as('POST', '/api/admin/activity/put-back-edits', { admin: script.id });
    expect(second.body).toEqual({ message: 'Put back 100 edits', putBack: 100, remaining: 0 });
    expect((await titlesOf(ids)).every((title) => title.startsWith('Club '))).toBe(true);
  });

  it('leaves each edit put back whole, or not at all, when the server is killed half-way, and a tap again does the rest', async () => {
    const script = await addAdministrator(suite, token, 'killedscript', 'a quiet lane behind the church');
    const ids = await editedByScript(script.id, 'killedit', 1_000);
    const tapping = as('POST', '/api/admin/activity/put-back-edits', { admin: script.id }).catch((error: unknown) => error);
    const done = async () => (await titlesOf(ids)).filter((title) => title.startsWith('Club ')).length;
    await expect.poll(done, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(50);
    await suite.restart('SIGKILL');
    token = await login(suite);
    const putBack = await done();
    expect(putBack).toBeLessThan(ids.length);

    // Each item is the club's text with the script's kept as its newest version, or the script's
    // text still, with the club's as its newest: never one without the other.
    const newest = new Map<string, string>();
    const versions = await direct()
      .selectFrom('pageVersions')
      .select(['page', 'content', 'replacedAt'])
      .where(
        'page',
        'in',
        ids.map((id) => `news:${id}`),
      )
      .orderBy('replacedAt', 'asc')
      .execute();
    for (const version of versions) newest.set(version.page, (JSON.parse(version.content) as { title: string }).title);
    const rows = await direct().selectFrom('newsItems').select(['id', 'title']).where('id', 'in', ids).execute();
    for (const row of rows) {
      expect(newest.get(`news:${row.id}`), row.id).toBe(row.title.startsWith('Club ') ? `Spam ${row.id}` : `Club ${row.id}`);
    }

    // Tapping again puts back the rest, each once.
    let total = 0;
    for (let remaining = Infinity; remaining > 0;) {
      const answer = await as('POST', '/api/admin/activity/put-back-edits', { admin: script.id });
      expect(answer.status).toBe(200);
      total += answer.body.putBack as number;
      remaining = answer.body.remaining as number;
    }
    expect(total).toBe(ids.length - putBack);
    expect((await titlesOf(ids)).every((title) => title.startsWith('Club '))).toBe(true);
    expect(await tapping).toBeInstanceOf(Error);
  });
});
