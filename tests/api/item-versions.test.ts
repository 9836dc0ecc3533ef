import { beforeAll, expect, it } from 'vitest';
import { forgetVersionsOfGoneItems } from '../../src/core/versions/versions.ts';
import { ITEM_VERSIONS_KEPT } from '../../src/core/versions/versions.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { addAdministrator, create, denBuilding, uploadImage } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// Earlier versions of news items and events (docs/decisions/056, 061): each save that changes an
// item's words, booking link or picture keeps what they were, so that a stranger's edit (a booking link
// swapped for a scam's) or a volunteer's paste over the wrong item can be put back.

interface Version {
  id: string;
  content: Record<string, string | null>;
  savedAt: string;
  replacedAt: string;
  replacedBy: string | null;
}

eachDatabase('earlier versions of news items and events on $kind', (db) => {
  const suite = useServer(db);
  const direct = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const versions = async (path: string, by = token) => {
    const answer = await call(suite, 'GET', `${path}/versions`, { token: by });
    expect(answer.status, answer.text).toBe(200);
    return answer.body as Version[];
  };
  const save = (path: string, body: Record<string, unknown>, by = token, headers: Record<string, string> = {}) =>
    call(suite, 'PUT', path, { token: by, body, headers });

  it("keeps an event's words and booking link before a stranger's save, and puts them back", async () => {
    const event = await create(suite.url, token, '/api/admin/events', denBuilding());
    const path = `/api/admin/events/${event.id}`;
    expect(await versions(path)).toEqual([]);

    const stranger = await addAdministrator(suite, token, 'eventstranger', 'a pale lantern under winter');
    const scam = await save(path, { ...denBuilding(), bookingUrl: 'https://scam.example.net/pay' }, stranger.token);
    expect(scam.status).toBe(200);
    const [before] = await versions(path);
    expect(before).toEqual({
      id: expect.any(String),
      content: {
        name: 'Den building',
        date: event.date,
        location: 'Oak Wood',
        bookingUrl: 'https://booking.example.org/den',
        comment: 'Bring wellies.',
        organiser: 'Daniel',
        imageUrl: null,
        imageAlt: null,
      },
      savedAt: event.updatedAt,
      replacedAt: JSON.parse(scam.headers.get('etag')!),
      replacedBy: 'eventstranger',
    });

    // The committee puts it back: saved as any edit, and the stranger's link is kept in turn.
    const { date, imageUrl: _none, imageAlt: _noDescription, ...words } = before!.content;
    expect((await save(path, { ...words, date }, token, { 'if-match': scam.headers.get('etag')! })).status).toBe(200);
    expect((await call(suite, 'GET', `/api/events/${event.id}`)).body).toMatchObject({ bookingUrl: 'https://booking.example.org/den' });
    const page = await fetch(`${suite.url}/events/${event.id}`).then((response) => response.text());
    expect(page).toContain('https://booking.example.org/den');
    expect(page).not.toContain('scam.example.net');
    expect((await versions(path)).map((version) => [version.content.bookingUrl, version.replacedBy])).toEqual([
      ['https://scam.example.net/pay', ADMIN.username],
      ['https://booking.example.org/den', 'eventstranger'],
    ]);
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${stranger.id}`, { token })).status).toBe(200);
  });

  it("keeps a news item's title, date, text and picture, and nothing for refused or unchanged saves", async () => {
    const item = await create(suite.url, token, '/api/admin/news', {
      title: 'Camp-out',
      publishedAt: '2026-11-02',
      content: '<p>Bring a <strong>torch</strong>.</p>',
    });
    const path = `/api/admin/news/${item.id}`;
    const pasted = await save(path, { title: 'Camp-out', publishedAt: '2026-11-02', content: '<p>Minutes of the AGM</p>' });
    expect(pasted.status).toBe(200);
    const [before] = await versions(path);
    expect(before!.content).toEqual({
      title: 'Camp-out',
      publishedAt: item.publishedAt,
      content: '<p>Bring a <strong>torch</strong>.</p>',
      imageUrl: null,
      imageAlt: null,
    });
    expect(before!.replacedBy).toBe(ADMIN.username);

    // A new picture alone keeps one (the item had none then, docs/decisions/061); the same words
    // again keep nothing; a save from an older version (412) or a bad one (400) keeps nothing.
    const picture = await uploadImage(suite.url, token, 4);
    expect((await save(path, { title: 'Camp-out', publishedAt: '2026-11-02', imageUrl: picture })).status).toBe(200);
    expect((await save(path, { title: 'Camp-out', publishedAt: '2026-11-02', content: '<p>Minutes of the AGM</p>' })).status).toBe(200);
    const stale = { 'if-match': pasted.headers.get('etag')! };
    expect((await save(path, { title: 'Late', publishedAt: '2026-11-02' }, token, stale)).status).toBe(412);
    expect((await save(path, { title: '', publishedAt: '2026-11-02' })).status).toBe(400);
    expect((await save(path, { title: 'Camp\u0000out', publishedAt: '2026-11-02' })).status).toBe(400);
    const kept = await versions(path);
    expect(kept.map((version) => [version.content.content, version.content.imageUrl])).toEqual([
      ['<p>Minutes of the AGM</p>', null],
      ['<p>Bring a <strong>torch</strong>.</p>', null],
    ]);
  });

  it('keeps one version for each of many saves sent at once, and the newest twenty of an item', async () => {
    const item = await create(suite.url, token, '/api/admin/news', { title: 'Quiz', publishedAt: '2026-11-03', content: '<p>0</p>' });
    const path = `/api/admin/news/${item.id}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => save(path, { title: `Quiz ${i}`, publishedAt: '2026-11-03', content: `<p>${i}</p>` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const held = await versions(path);
    // Each save replaced what the one before it left: ten distinct texts, newest first.
    expect(new Set(held.map((version) => version.content.title)).size).toBe(10);
    expect(held.every((version, i) => i === 0 || version.replacedAt < held[i - 1]!.replacedAt)).toBe(true);

    for (let i = 0; i < ITEM_VERSIONS_KEPT + 3; i++) {
      expect((await save(path, { title: `Round ${i}`, publishedAt: '2026-11-03' })).status).toBe(200);
    }
    const kept = await versions(path);
    expect(kept.slice(0, ITEM_VERSIONS_KEPT).map((version) => version.content.title)).toEqual(
      Array.from({ length: ITEM_VERSIONS_KEPT }, (_, i) => `Round ${ITEM_VERSIONS_KEPT + 1 - i}`),
    );
    // One administrator saved them all: of the older ones, only the first text (nobody known replaced before it).
    expect(kept.slice(ITEM_VERSIONS_KEPT).map((version) => version.content.title)).toEqual(['Quiz']);
  });

  it('answers 401 without a session, 404 for an item not on the site, and forgets the versions of one deleted for ever', async () => {
    const item = await create(suite.url, token, '/api/admin/news', { title: 'Fair', publishedAt: '2026-11-04', content: '<p>a</p>' });
    const path = `/api/admin/news/${item.id}`;
    expect((await save(path, { title: 'Fair day', publishedAt: '2026-11-04' })).status).toBe(200);
    expect((await call(suite, 'GET', `${path}/versions`)).status).toBe(401);
    expect((await call(suite, 'GET', `/api/admin/gallery/${item.id}/versions`)).status).toBe(401);
    expect((await call(suite, 'POST', `${path}/versions`, { token, body: {} })).status).toBe(405);
    for (const missing of [
      '/api/admin/news/nothing-here',
      '/api/admin/events/nothing-here',
      '/api/admin/news/%00',
      '/api/admin/events/..%2f..',
      '/api/admin/gallery/nothing-here',
      `/api/admin/gallery/${'x'.repeat(5000)}`,
      '/api/admin/gallery/%E2%80%8B',
    ]) {
      const answer = await call(suite, 'GET', `${missing}/versions`, { token });
      expect(answer.status, missing).toBe(404);
      expect(answer.body.message).toMatch(/not found/);
    }
    const kept = () =>
      direct()
        .selectFrom('pageVersions')
        .select('id')
        .where('page', '=', `news:${item.id}`)
        .execute()
        .then((rows) => rows.length);
    expect(await kept()).toBe(1);

    // Recently deleted: not on the site, so no versions to use; restored, they are there again.
    expect((await call(suite, 'DELETE', path, { token })).status).toBe(200);
    expect((await call(suite, 'GET', `${path}/versions`, { token })).status).toBe(404);
    expect((await call(suite, 'POST', `/api/admin/deleted/news/${item.id}/restore`, { token })).status).toBe(200);
    expect(await versions(path)).toHaveLength(1);

    // Deleted for ever: a parent who asked for it to go asked for its earlier words too.
    expect((await call(suite, 'DELETE', path, { token })).status).toBe(200);
    expect((await call(suite, 'DELETE', `/api/admin/deleted/news/${item.id}`, { token })).status).toBe(200);
    expect(await kept()).toBe(0);
  });

  it('forgets the versions of items gone some other way (a backup restored over them), and no others', async () => {
    const gone = await create(suite.url, token, '/api/admin/events', denBuilding());
    const stays = await create(suite.url, token, '/api/admin/events', denBuilding());
    for (const event of [gone, stays]) {
      expect((await save(`/api/admin/events/${event.id}`, { ...denBuilding(), name: 'Den day' })).status).toBe(200);
    }
    const count = () => direct().selectFrom('pageVersions').select('page').execute();
    const pagesBefore = (await count()).map((row) => row.page);
    await direct().deleteFrom('events').where('id', '=', gone.id).execute();
    expect(await forgetVersionsOfGoneItems(direct())).toBe(1);
    const pagesAfter = (await count()).map((row) => row.page);
    expect(pagesAfter.sort()).toEqual(pagesBefore.filter((page) => page !== `events:${gone.id}`).sort());
    expect(await versions(`/api/admin/events/${stays.id}`)).toHaveLength(1);
  });
});
