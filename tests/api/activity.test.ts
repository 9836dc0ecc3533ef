import { beforeAll, expect, it } from 'vitest';
import { ACTIVITY_PAGE, BULK_STEP, describeActivity, type ActivityEntry } from '../../src/core/activity/activity.schema.ts';
import type { ActivityTable } from '../../src/core/db/database.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { deletedByScript, useDirectDb } from '../setup/direct-db.ts';
import { addAdministrator, create, daysFromNow, firstSignIn, uploadImage } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// The activity log (docs/decisions/049): each change an administrator makes and each sign-in is
// a line with who, what, when and from where; a refused request leaves none.

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PASSWORD = 'a pale lantern under winter';
const DAY = 86_400_000;

/** A line written straight into the table, as the server would have written it. */
const logLine = (id: string, at: string, fields: Partial<ActivityTable> = {}): ActivityTable => ({
  id,
  at,
  adminId: null,
  adminName: 'bulk',
  action: 'edited',
  subjectKind: 'settings',
  subjectId: null,
  subjectLabel: null,
  address: null,
  device: null,
  ...fields,
});

eachDatabase('the activity log on $kind', (db) => {
  const suite = useServer(db);
  const direct = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const as = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(suite, method, url, { token, body, headers });

  /** The ids a public list answers now. */
  const live = async (url: string) => ((await call(suite, 'GET', url)).body as { id: string }[]).map((item) => item.id);
  /** Every news item, event and photo on the site now. */
  const liveIds = async () => [...(await live('/api/news')), ...(await live('/api/events')), ...(await live('/api/gallery'))];

  /** 'Restore all' as the screen does it: called again while items remain; how many it restored, in how many calls. */
  async function restoreAll(adminId: string): Promise<{ restored: number; calls: number }> {
    let restored = 0;
    for (let calls = 1; ; calls++) {
      const answer = await as('POST', '/api/admin/activity/restore', { admin: adminId });
      expect(answer.status).toBe(200);
      restored += answer.body.restored;
      if (answer.body.remaining === 0) return { restored, calls };
    }
  }

  /** The items of these ids that have a 'restored' line, sorted: one each when every restore wrote its line. */
  const restoredLinesOf = async (ids: string[]) =>
    (await direct().selectFrom('activity').select('subjectId').where('action', '=', 'restored').where('subjectId', 'in', ids).execute())
      .map((line) => line.subjectId)
      .sort();

  /** Every line (or one administrator's), newest first, through the API's pages. */
  async function wholeLog(admin?: string): Promise<ActivityEntry[]> {
    const entries: ActivityEntry[] = [];
    let before: string | null = '';
    while (before !== null) {
      const query: string = new URLSearchParams({ ...(admin && { admin }), ...(before && { before }) }).toString();
      const page = await as('GET', `/api/admin/activity${query ? `?${query}` : ''}`);
      expect(page.status).toBe(200);
      entries.push(...(page.body.entries as ActivityEntry[]));
      before = page.body.next;
    }
    return entries;
  }
  const sentences = async (count: number) => (await wholeLog()).slice(0, count).map(describeActivity).reverse();

  it('records who did what to which item, when and from where, and nothing for a refusal', async () => {
    const signIn = await call(suite, 'POST', '/api/admin/login', {
      body: { username: ADMIN.username, password: ADMIN.password },
      headers: { 'user-agent': IPHONE },
    });
    expect(signIn.status).toBe(200);
    const started = Date.now();
    const news = await create(suite.url, token, '/api/admin/news', {
      title: 'Summer fair',
      content: '<p>x</p>',
      publishedAt: '2026-11-01',
    });
    expect((await as('PUT', `/api/admin/news/${news.id}`, { title: 'Summer fair (moved)', publishedAt: '2026-11-01' })).status).toBe(200);
    expect((await as('DELETE', `/api/admin/news/${news.id}`)).status).toBe(200);
    expect((await as('POST', `/api/admin/deleted/news/${news.id}/restore`)).status).toBe(200);
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Christmas fair',
      date: daysFromNow(9),
      comment: 'x',
      bookingUrl: 'https://booking.example.org/c',
    });
    expect((await as('DELETE', `/api/admin/events/${event.id}`, undefined, { 'user-agent': FIREFOX })).status).toBe(200);
    expect((await as('DELETE', `/api/admin/deleted/events/${event.id}`)).status).toBe(200);
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: await uploadImage(suite.url, token, 3) });
    expect((await as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl: photo.imageUrl, caption: 'Den building' })).status).toBe(200);
    expect((await as('PUT', '/api/admin/who-we-are', { whoAreWe: 'The committee' })).status).toBe(200);
    expect((await as('PUT', '/api/admin/settings', { tagline: 'Dads and kids' })).status).toBe(200);
    const added = await as('POST', '/api/admin/administrators', {
      username: 'treasurer',
      password: PASSWORD,
      currentPassword: ADMIN.password,
    });
    expect(added.status).toBe(201);
    expect((await as('DELETE', `/api/admin/administrators/${added.body.id}/sessions`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/administrators/${added.body.id}`)).status).toBe(200);
    expect((await as('POST', '/api/admin/backups', { currentPassword: ADMIN.password })).status).toBe(201);

    // Refused, each for its reason: none of them is a line.
    expect((await as('POST', '/api/admin/news', { title: '', publishedAt: '2026-11-01' })).status).toBe(400);
    expect((await as('DELETE', `/api/admin/news/nosuchitem`)).status).toBe(404);
    expect(
      (
        await as(
          'PUT',
          `/api/admin/news/${news.id}`,
          { title: 'Stale', publishedAt: '2026-11-01' },
          { 'if-match': '"2000-01-01T00:00:00.000Z"' },
        )
      ).status,
    ).toBe(412);
    const wrongPassword = await as('POST', '/api/admin/administrators', {
      username: 'x-ray',
      password: PASSWORD,
      currentPassword: 'not mine at all',
    });
    expect(wrongPassword.status, wrongPassword.text).toBe(400);
    expect((await as('POST', '/api/admin/backups', { currentPassword: 'not mine at all' })).status).toBe(400);
    expect(
      (await call(suite, 'POST', '/api/admin/login', { body: { username: ADMIN.username, password: 'wrong password here' } })).status,
    ).toBe(401);
    expect((await call(suite, 'DELETE', `/api/admin/news/${news.id}`)).status).toBe(401);

    expect(await sentences(16)).toEqual([
      'admin signed in',
      'admin added the news item “Summer fair”',
      'admin edited the news item “Summer fair (moved)”',
      'admin deleted the news item “Summer fair (moved)”',
      'admin restored the news item “Summer fair (moved)”',
      'admin added the event “Christmas fair”',
      'admin deleted the event “Christmas fair”',
      'admin deleted the event “Christmas fair” for ever',
      'admin added the gallery photo (no caption)',
      'admin edited the gallery photo “Den building”',
      'admin edited the page “Who We Are”',
      'admin edited the site settings',
      'admin added the administrator “treasurer”',
      'admin signed the administrator “treasurer” out on every device',
      'admin removed the administrator “treasurer”',
      'admin took a backup to download',
    ]);
    const log = await wholeLog();
    const signedIn = log.find((entry) => entry.action === 'signed-in' && entry.device === 'Safari on iOS');
    expect(signedIn).toMatchObject({ adminName: 'admin', address: expect.stringMatching(/127\.0\.0\.1|::1/) });
    const deleted = log.find((entry) => entry.action === 'deleted' && entry.subjectKind === 'event')!;
    expect(deleted).toMatchObject({ subjectId: event.id, device: 'Firefox on Linux' });
    expect(Date.parse(deleted.at)).toBeGreaterThanOrEqual(started - 1000);
    expect(log.find((entry) => entry.action === 'edited' && entry.subjectKind === 'news')!.subjectId).toBe(news.id);
  });

  it('records one line for a double tap, and one for each of many saves at once', async () => {
    const before = (await wholeLog()).length;
    const body = { title: 'Tapped twice', publishedAt: '2026-11-02' };
    const key = 'double-tap-key-1';
    const taps = await Promise.all([1, 2, 3, 4].map(() => as('POST', '/api/admin/news', body, { 'idempotency-key': key })));
    expect(taps.every((tap) => tap.status === 201)).toBe(true);
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        as('POST', '/api/admin/events', {
          name: `Walk ${i}`,
          date: daysFromNow(3),
          comment: 'x',
          bookingUrl: 'https://booking.example.org/w',
        }),
      ),
    );
    expect(many.every((save) => save.status === 201)).toBe(true);
    const log = await wholeLog();
    expect(log.length - before).toBe(13);
    expect(log.filter((entry) => entry.subjectLabel === 'Tapped twice')).toHaveLength(1);
    expect(new Set(log.slice(0, 12).map((entry) => entry.subjectId))).toEqual(new Set(many.map((save) => save.body.id)));
  });

  it('pages back through a long log without losing or repeating a line, and refuses a made-up place with a 400', async () => {
    // Lines written in one millisecond are ordered by id: a page may end between them.
    const at = new Date(Date.now() - 1000).toISOString();
    const rows = Array.from({ length: 130 }, (_, i) =>
      logLine(`bulk${String(i).padStart(4, '0')}`, i < 60 ? at : new Date(Date.parse(at) - i * 1000).toISOString()),
    );
    await direct().insertInto('activity').values(rows).execute();
    const first = await as('GET', '/api/admin/activity');
    expect(first.body.entries).toHaveLength(ACTIVITY_PAGE);
    const log = await wholeLog();
    const bulk = log.filter((entry) => entry.adminName === 'bulk').map((entry) => entry.id);
    expect(bulk).toHaveLength(130);
    expect(new Set(bulk).size).toBe(130);
    expect(log.map((entry) => entry.at)).toEqual(
      log
        .map((entry) => entry.at)
        .toSorted()
        .reverse(),
    );

    for (const before of ['yesterday', `${at}~`, `${at}~../x`, `${at}\u0000~abc`, 'x'.repeat(5_000), `${at}~abc&before=`]) {
      const refused = await as('GET', `/api/admin/activity?before=${encodeURIComponent(before)}`);
      expect(refused.status, before.slice(0, 40)).toBe(400);
      expect(refused.body.errors.before).toMatch(/not a place in the activity log/);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect((await call(suite, 'GET', '/api/admin/activity')).status).toBe(401);
  });

  it("answers one administrator's lines alone, a page at a time, and refuses a made-up id", async () => {
    const me = (await as('GET', '/api/admin/me')).body as { id: string };
    // More than a page of theirs, some in one millisecond, among the others' lines.
    const at = new Date(Date.now() - 500).toISOString();
    await direct()
      .insertInto('activity')
      .values(
        Array.from({ length: 70 }, (_, i) =>
          logLine(`mine${String(i).padStart(3, '0')}`, i % 2 ? at : new Date(Date.parse(at) - i).toISOString(), {
            adminId: me.id,
            adminName: 'admin',
          }),
        ),
      )
      .execute();
    const mine = await wholeLog(me.id);
    const everyone = await wholeLog();
    expect(mine.length).toBeGreaterThan(ACTIVITY_PAGE);
    expect(mine).toEqual(everyone.filter((entry) => entry.adminId === me.id));
    expect((await as('GET', '/api/admin/activity?admin=nosuchadmin')).body).toEqual({
      entries: [],
      next: null,
      restorableDeletes: 0,
      deletableAdditions: 0,
      editsToPutBack: 0,
      removalsToPutBack: [],
    });
    const refused = await as('GET', `/api/admin/activity?admin=${encodeURIComponent('../x')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.admin).toBe('That is not an administrator’s id');
  });

  it('offers Restore on a delete only while that delete can be undone, whoever undid it and wherever its line is', async () => {
    const me = (await as('GET', '/api/admin/me')).body as { id: string };
    const added = await as('POST', '/api/admin/administrators', {
      username: 'caretaker',
      password: PASSWORD,
      currentPassword: ADMIN.password,
    });
    expect(added.status).toBe(201);
    const caretaker = await firstSignIn(suite, 'caretaker', PASSWORD, `${PASSWORD} of their own`);
    const theirs = (method: string, url: string) => call(suite, method, url, { token: caretaker });
    const news = (title: string) => create(suite.url, token, '/api/admin/news', { title, content: '<p>x</p>', publishedAt: '2026-11-03' });
    const restoredByThem = await news('Put back by the caretaker');
    const purgedByThem = await news('Emptied by the caretaker');
    const stillDeleted = await news('Still deleted');
    const deletedTwice = await create(suite.url, token, '/api/admin/events', {
      name: 'Deleted twice',
      date: daysFromNow(4),
      comment: 'x',
      bookingUrl: 'https://booking.example.org/t',
    });
    for (const item of [restoredByThem, purgedByThem, stillDeleted]) {
      expect((await as('DELETE', `/api/admin/news/${item.id}`)).status).toBe(200);
    }
    expect((await as('DELETE', `/api/admin/events/${deletedTwice.id}`)).status).toBe(200);
    expect((await theirs('POST', `/api/admin/deleted/news/${restoredByThem.id}/restore`)).status).toBe(200);
    expect((await theirs('DELETE', `/api/admin/deleted/news/${purgedByThem.id}`)).status).toBe(200);
    expect((await as('POST', `/api/admin/deleted/events/${deletedTwice.id}/restore`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/events/${deletedTwice.id}`)).status).toBe(200);

    // My lines alone: the caretaker's restore and purge are not among them, and still count.
    const restorable = (entries: ActivityEntry[]) =>
      entries.filter((entry) => entry.action === 'deleted' && entry.restorable).map((entry) => entry.subjectLabel);
    const mine = (await wholeLog(me.id)).slice(0, 10);
    expect(restorable(mine)).toEqual(['Deleted twice', 'Still deleted']);
    // The first delete of the event was undone; only the newer one can be.
    const twice = mine.filter((entry) => entry.subjectId === deletedTwice.id && entry.action === 'deleted');
    expect(twice.map((entry) => entry.restorable)).toEqual([true, false]);
    // Everyone's lines say the same; a line that is not a delete never offers it.
    const everyone = (await wholeLog()).slice(0, 20);
    expect(restorable(everyone)).toEqual(['Deleted twice', 'Still deleted']);
    expect(everyone.filter((entry) => entry.action !== 'deleted').every((entry) => !entry.restorable)).toBe(true);

    // Put back from the log: the line offers it no more.
    expect((await as('POST', `/api/admin/deleted/news/${stillDeleted.id}/restore`)).status).toBe(200);
    expect(restorable((await wholeLog()).slice(0, 20))).toEqual(['Deleted twice']);
    expect((await as('DELETE', `/api/admin/administrators/${added.body.id}`)).status).toBe(200);
  });

  it('restores everything one administrator deleted, each item once with two taps at once, and none deleted since by another', async () => {
    const { id: intruderId, token: intruder } = await addAdministrator(suite, token, 'intruder', PASSWORD);
    const theirs = (method: string, url: string) => call(suite, method, url, { token: intruder });
    const news = (title: string) => create(suite.url, token, '/api/admin/news', { title, content: '<p>x</p>', publishedAt: '2026-11-04' });
    const [first, second, third, redeleted, purged, mineAlone] = await Promise.all(
      ['Fair', 'Quiz', 'Walk', 'Deleted again by me', 'Purged by me', 'Deleted by me'].map(news),
    );
    const events = await Promise.all(
      ['Camp', 'Hike'].map((name, i) =>
        create(suite.url, token, '/api/admin/events', {
          name,
          date: daysFromNow(5 + i),
          comment: 'x',
          bookingUrl: 'https://booking.example.org/r',
        }),
      ),
    );
    const photos = await Promise.all(
      [4, 5].map(async (seed) => create(suite.url, token, '/api/admin/gallery', { imageUrl: await uploadImage(suite.url, token, seed) })),
    );
    for (const item of [first, second, third, redeleted, purged])
      expect((await theirs('DELETE', `/api/admin/news/${item!.id}`)).status).toBe(200);
    for (const item of events) expect((await theirs('DELETE', `/api/admin/events/${item.id}`)).status).toBe(200);
    for (const item of photos) expect((await theirs('DELETE', `/api/admin/gallery/${item.id}`)).status).toBe(200);
    expect((await as('POST', `/api/admin/deleted/news/${redeleted!.id}/restore`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/news/${redeleted!.id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/deleted/news/${purged!.id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/news/${mineAlone!.id}`)).status).toBe(200);
    // The password is taken from them; what they did stays in the log to be undone.
    expect((await as('DELETE', `/api/admin/administrators/${intruderId}`)).status).toBe(200);

    // Still in the 'Who' list, to be undone.
    const people = (await as('GET', '/api/admin/activity/administrators')).body as { id: string; username: string }[];
    expect(people).toContainEqual({ id: intruderId, username: 'intruder' });
    expect((await call(suite, 'GET', '/api/admin/activity/administrators')).status).toBe(401);
    const firstPage = await as('GET', `/api/admin/activity?admin=${intruderId}`);
    expect(firstPage.body.restorableDeletes).toBe(7);
    const undone = [first, second, third, ...events, ...photos].map((item) => item!.id).sort();

    const [one, two] = await Promise.all([0, 1].map(() => as('POST', '/api/admin/activity/restore', { admin: intruderId })));
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect(one!.body.restored + two!.body.restored).toBe(7);
    expect([one!.body.message, two!.body.message]).toContain(`Restored ${Math.max(one!.body.restored, two!.body.restored)} items`);

    const onSite = await liveIds();
    expect(undone.every((id) => onSite.includes(id))).toBe(true);
    const stillDeleted = ((await as('GET', '/api/admin/deleted/news')).body as { id: string }[]).map((item) => item.id);
    expect(stillDeleted).toEqual(expect.arrayContaining([redeleted!.id, mineAlone!.id]));
    expect(onSite).not.toContain(redeleted!.id);

    // One line for each item put back, by who tapped, whichever tap did it.
    const restoredLines = (await wholeLog()).slice(0, 7);
    expect(restoredLines.every((entry) => entry.action === 'restored')).toBe(true);
    expect(restoredLines.map((entry) => entry.subjectId).sort()).toEqual(undone);
    expect(new Set(restoredLines.map((entry) => entry.adminName))).toEqual(new Set([ADMIN.username]));
    expect(restoredLines.map(describeActivity)).toContain(`${ADMIN.username} restored the event “Camp”`);

    expect((await as('GET', `/api/admin/activity?admin=${intruderId}`)).body.restorableDeletes).toBe(0);
    const again = await as('POST', '/api/admin/activity/restore', { admin: intruderId });
    expect(again.body).toEqual({ message: 'Nothing to restore: it was restored or deleted for ever already', restored: 0, remaining: 0 });
  });

  it('deletes what one administrator added in the last 30 days and is still on the site, each item once with two taps at once', async () => {
    const { id: spammerId, token: spammer } = await addAdministrator(suite, token, 'spammer', PASSWORD);
    const post = (by: string, title: string) =>
      create(suite.url, by, '/api/admin/news', { title, content: '<p>x</p>', publishedAt: '2026-11-04' });
    const spam = await Promise.all(['Spam 1', 'Spam 2', 'Spam I deleted', 'Spam I purged'].map((title) => post(spammer, title)));
    const event = await create(suite.url, spammer, '/api/admin/events', {
      name: 'Fake camp',
      date: daysFromNow(6),
      comment: 'x',
      bookingUrl: 'https://booking.example.org/f',
    });
    const photo = await create(suite.url, spammer, '/api/admin/gallery', {
      imageUrl: await uploadImage(suite.url, spammer, 6),
      caption: 'Junk',
    });
    const mine = await post(token, 'Mine, not theirs');
    expect((await as('DELETE', `/api/admin/news/${spam[2].id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/news/${spam[3].id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/deleted/news/${spam[3].id}`)).status).toBe(200);
    // Added more than 30 days ago: left alone.
    const longAgo = new Date(Date.now() - 31 * DAY).toISOString();
    await direct()
      .insertInto('newsItems')
      .values({ id: 'oldspam', title: 'Old spam', content: '<p>x</p>', publishedAt: longAgo, createdAt: longAgo, updatedAt: longAgo })
      .execute();
    await direct()
      .insertInto('activity')
      .values(
        logLine('oldspamline', longAgo, {
          adminId: spammerId,
          adminName: 'spammer',
          action: 'added',
          subjectKind: 'news',
          subjectId: 'oldspam',
        }),
      )
      .execute();
    expect((await as('DELETE', `/api/admin/administrators/${spammerId}`)).status).toBe(200);

    expect((await as('GET', `/api/admin/activity?admin=${spammerId}`)).body).toMatchObject({ deletableAdditions: 4, restorableDeletes: 0 });
    const taken = [spam[0].id, spam[1].id, event.id, photo.id].sort();
    const [one, two] = await Promise.all([0, 1].map(() => as('POST', '/api/admin/activity/delete-additions', { admin: spammerId })));
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect(one!.body.deleted + two!.body.deleted).toBe(4);
    expect([one!.body.message, two!.body.message]).toContain(`Deleted ${Math.max(one!.body.deleted, two!.body.deleted)} items`);

    const onSite = await liveIds();
    expect(onSite.filter((id) => taken.includes(id))).toEqual([]);
    expect(onSite).toEqual(expect.arrayContaining([mine.id, 'oldspam']));
    const inTrash = async (kind: string) =>
      ((await as('GET', `/api/admin/deleted/${kind}`)).body as { id: string }[]).map((item) => item.id);
    expect([...(await inTrash('news')), ...(await inTrash('events')), ...(await inTrash('gallery'))]).toEqual(
      expect.arrayContaining(taken),
    );

    // One delete line for each, by who tapped, each offering 'Restore'.
    const lines = (await wholeLog()).slice(0, 4);
    expect(lines.every((entry) => entry.action === 'deleted' && entry.adminName === ADMIN.username && entry.restorable)).toBe(true);
    expect(lines.map((entry) => entry.subjectId).sort()).toEqual(taken);
    expect(lines.map(describeActivity)).toContain(`${ADMIN.username} deleted the event “Fake camp”`);

    expect((await as('GET', `/api/admin/activity?admin=${spammerId}`)).body.deletableAdditions).toBe(0);
    const again = await as('POST', '/api/admin/activity/delete-additions', { admin: spammerId });
    expect(again.body).toEqual({ message: 'Nothing to delete: it was deleted already', deleted: 0, remaining: 0 });
    // A wrong tap is undone from Recently deleted: one of them back on the site.
    expect((await as('POST', `/api/admin/deleted/events/${event.id}/restore`)).status).toBe(200);
    expect(await live('/api/events')).toContain(event.id);
  });

  it("leaves every item 'Restore all' put back with its line when the server is killed half-way", async () => {
    // Three calls' worth: killed during the second or third, with more than one call's lines written.
    const count = 3 * BULK_STEP;
    const ids = Array.from({ length: count }, (_, i) => `killed${String(i).padStart(5, '0')}`);
    await deletedByScript(direct(), 'vandal', ids);
    const restoredIds = async () =>
      (await direct().selectFrom('newsItems').select('id').where('id', 'in', ids).where('deletedAt', 'is', null).execute()).map(
        (row) => row.id,
      );
    // The screen calling again and again; killed once it is past its first call.
    const tapping = restoreAll('vandal').catch((error: unknown) => error);
    await expect.poll(async () => (await restoredIds()).length, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(BULK_STEP + 50);
    await suite.restart('SIGKILL');
    expect(await tapping).toBeInstanceOf(Error);
    token = await login(suite);

    const restored = await restoredIds();
    // Killed part of the way through, not after it was done.
    expect(restored.length).toBeLessThan(count);
    expect(await restoredLinesOf(ids)).toEqual(restored.sort());
    // Tapping again restores the rest, each once.
    expect(await restoreAll('vandal')).toEqual({
      restored: count - restored.length,
      calls: Math.ceil((count - restored.length) / BULK_STEP),
    });
    expect(await restoredIds()).toHaveLength(count);
  });

  it('restores more deletes than one call takes, a step at a time, with a line for each', async () => {
    // A script with a stolen password deletes fast: more items than a call restores, the last step
    // a part one. Each item is its own transaction (no list of ids in any statement), so 3,500, as
    // this once used, showed nothing more and took four times as long.
    const count = 2 * BULK_STEP + 7;
    const ids = Array.from({ length: count }, (_, i) => `bulk${String(i).padStart(5, '0')}`);
    await deletedByScript(direct(), 'scripted', ids);
    expect((await as('GET', '/api/admin/activity?admin=scripted')).body.restorableDeletes).toBe(count);
    // BULK_STEP a call: the first says how many are left, and the screen calls again.
    const first = await as('POST', '/api/admin/activity/restore', { admin: 'scripted' });
    expect(first.body).toEqual({ message: `Restored ${BULK_STEP} items`, restored: BULK_STEP, remaining: count - BULK_STEP });
    expect(await restoreAll('scripted')).toEqual({ restored: count - BULK_STEP, calls: Math.ceil(count / BULK_STEP) - 1 });
    const left = await direct().selectFrom('newsItems').select('id').where('id', 'in', ids).where('deletedAt', 'is not', null).execute();
    expect(left).toEqual([]);
    expect(await restoredLinesOf(ids)).toEqual(ids);
  });

  it('refuses a Restore all, a Delete all or a Put back all without an administrator, with a made-up one, or without a session', async () => {
    for (const url of ['/api/admin/activity/restore', '/api/admin/activity/delete-additions', '/api/admin/activity/put-back-edits']) {
      for (const body of [{}, { admin: '../x' }, { admin: 'a\u0000b' }, { admin: 42 }, 'not json', { admin: 'x'.repeat(100_000) }]) {
        const refused = await as('POST', url, body);
        expect(refused.status, `${url} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
        expect(refused.body.message, url).toEqual(expect.any(String));
        if (typeof body === 'object') expect(typeof refused.body.errors.admin, url).toBe('string');
      }
      expect((await call(suite, 'POST', url, { body: { admin: 'someone' } })).status).toBe(401);
      expect((await as('GET', url)).status).toBe(405);
    }
  });

  it('keeps a year: older lines go with the housekeeping at start', async () => {
    const line = (id: string, daysAgo: number) =>
      logLine(id, new Date(Date.now() - daysAgo * DAY).toISOString(), { adminName: 'old', action: 'signed-in', subjectKind: null });
    await direct()
      .insertInto('activity')
      .values([line('yearandabit', 370), line('tenmonths', 300)])
      .execute();
    await suite.restart();
    token = await login(suite);
    // The housekeeping runs as the server starts, beside the first requests.
    // Read from the table: the log in front of it holds thousands of lines from the tests above.
    const oldLines = async () =>
      (await direct().selectFrom('activity').select('id').where('adminName', '=', 'old').orderBy('id').execute()).map((row) => row.id);
    await expect.poll(oldLines, { timeout: 10_000 }).toEqual(['tenmonths']);
  });
});
