import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { BOOKING_HOST, bookingCheckEnv, startBookingSite, type BookingSite } from '../setup/booking-site.ts';
import { eachDatabase } from '../setup/databases.ts';
import { daysFromNow } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';
import { BOOKING_PAGE_ASKED } from '../../src/core/events/events.schema.ts';

// A booking page that forbids frames opens in a new tab from 'Book Now', as its page said when the
// address was saved (docs/decisions/082).

eachDatabase('booking pages asked when saved on $kind', (db) => {
  const suite = useServer(db, bookingCheckEnv);
  let site: BookingSite;
  let token: string;
  beforeAll(async () => {
    site = await startBookingSite();
    token = await login(suite);
  });
  afterAll(() => site.close());

  const createEvent = async (name: string, bookingUrl: string) => {
    const answer = await call(suite, 'POST', '/api/admin/events', {
      token,
      body: { name, date: daysFromNow(5), comment: 'Bring wellies.', bookingUrl },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string; bookingPage: string | null; updatedAt: string };
  };
  const bookingLink = (html: string, name: string) => new RegExp(`<a[^>]*aria-label="Book Now: ${name}[^"]*"[^>]*>`).exec(html)?.[0] ?? '';

  it('keeps what each page said, and opens one that forbids frames in a new tab', async () => {
    const cases = [
      ['Open', '/open', 'frame'],
      ['Denied', '/no-frames', 'new-tab'],
      ['Ancestors', '/ancestors-none', 'new-tab'],
      ['Moved', '/moved', 'new-tab'],
      ['Gone', '/missing-page', 'missing'],
    ] as const;
    const ids = new Map<string, string>();
    for (const [name, path, expected] of cases) {
      const event = await createEvent(name, `${site.url}${path}`);
      expect(event.bookingPage, name).toBe(expected);
      ids.set(name, event.id);
    }
    // Nothing answers there: not known, and saved all the same.
    expect((await createEvent('Silent', `http://${BOOKING_HOST}:9/book`)).bookingPage).toBeNull();

    const page = await (await fetch(`${suite.url}/events`)).text();
    expect(bookingLink(page, 'Open')).toContain('aria-haspopup="dialog"');
    expect(bookingLink(page, 'Silent')).toContain('aria-haspopup="dialog"');
    for (const name of ['Denied', 'Ancestors', 'Moved']) {
      expect(bookingLink(page, name), name).toContain(`aria-label="Book Now: ${name} (opens in a new tab)"`);
      expect(bookingLink(page, name), name).toContain('target="_blank"');
      expect(bookingLink(page, name), name).not.toContain('aria-haspopup');
    }
    // The page's policy lets it frame only booking pages that it shows in the window.
    const policyOf = async (name: string) =>
      (await fetch(`${suite.url}/events/${ids.get(name)}`)).headers.get('content-security-policy') ?? '';
    expect(await policyOf('Open')).toMatch(new RegExp(`frame-src [^;]*${BOOKING_HOST.replaceAll('.', '\\.')}`));
    expect(await policyOf('Denied')).not.toContain(BOOKING_HOST);
  });

  it('asks again only when the address changes, and the next page shows it', async () => {
    const event = await createEvent('Den day', `${site.url}/no-frames`);
    const asked = site.asked('/no-frames');
    const body = { name: 'Den day', date: daysFromNow(5), comment: 'Bring rope.', bookingUrl: `${site.url}/no-frames` };
    const edited = await call(suite, 'PUT', `/api/admin/events/${event.id}`, { token, body });
    expect([edited.status, edited.body.bookingPage]).toEqual([200, 'new-tab']);
    expect(site.asked('/no-frames')).toBe(asked);

    const moved = await call(suite, 'PUT', `/api/admin/events/${event.id}`, { token, body: { ...body, bookingUrl: `${site.url}/open` } });
    expect([moved.status, moved.body.bookingPage]).toEqual([200, 'frame']);
    const page = await (await fetch(`${suite.url}/events/${event.id}`)).text();
    expect(bookingLink(page, 'Den day')).toContain('aria-haspopup="dialog"');
    expect((await call(suite, 'GET', `/api/events/${event.id}`)).body.bookingPage).toBe('frame');
  });

  it('asks the pages of events still to come again at start, and the pages that show them change', async () => {
    site.answerAs('/kites', '/open');
    site.answerAs('/rafts', '/open');
    const changing = await createEvent('Kite day', `${site.url}/kites`);
    const going = await createEvent('Raft race', `${site.url}/rafts`);
    expect([changing.bookingPage, going.bookingPage]).toEqual(['frame', 'frame']);
    const past = await call(suite, 'POST', '/api/admin/events', {
      token,
      body: { name: 'Last year', date: '2025-06-01T10:00:00Z', comment: 'Done.', bookingUrl: `${site.url}/past` },
    });
    expect(past.status).toBe(201);
    const pastAsked = site.asked('/past');
    // Cached before the pages change.
    expect(bookingLink(await (await fetch(`${suite.url}/events`)).text(), 'Kite day')).toContain('aria-haspopup="dialog"');

    site.answerAs('/kites', '/no-frames');
    site.answerAs('/rafts', '/missing-now');
    await suite.restart();
    const pageOf = async (id: string) => (await call(suite, 'GET', `/api/events/${id}`)).body as { bookingPage: string; updatedAt: string };
    // Asked one after another, in the background.
    await expect
      .poll(async () => [(await pageOf(changing.id)).bookingPage, (await pageOf(going.id)).bookingPage], { timeout: 10_000 })
      .toEqual(['new-tab', 'missing']);
    // Not an edit: the same version, and no earlier version kept.
    expect((await pageOf(changing.id)).updatedAt).toBe(changing.updatedAt);
    expect((await call(suite, 'GET', `/api/admin/events/${changing.id}/versions`, { token })).body).toEqual([]);
    expect(site.asked('/past')).toBe(pastAsked);
    // The pages are rendered anew once the round has ended.
    await expect
      .poll(async () => bookingLink(await (await fetch(`${suite.url}/events`)).text(), 'Kite day'))
      .toContain('(opens in a new tab)');
  });

  it('asks a page again when an administrator asks, or saves again one that answered not found', async () => {
    const event = await createEvent('Pond dip', `${site.url}/pond`);
    expect(event.bookingPage).toBe('missing');
    const askAgain = (id: string, as = token) => call(suite, 'POST', `/api/admin/events/${id}/booking-page`, { token: as });
    const still = await askAgain(event.id);
    expect([still.status, still.body.message, still.body.event.bookingPage]).toEqual([200, BOOKING_PAGE_ASKED.missing, 'missing']);
    expect(bookingLink(await (await fetch(`${suite.url}/events`)).text(), 'Pond dip')).toContain('aria-haspopup="dialog"');

    // Put right on the booking service: said at once, and the cached pages follow.
    site.answerAs('/pond', '/no-frames');
    const fixed = await askAgain(event.id);
    expect([fixed.status, fixed.body.message, fixed.body.event.bookingPage]).toEqual([200, BOOKING_PAGE_ASKED['new-tab'], 'new-tab']);
    expect(bookingLink(await (await fetch(`${suite.url}/events`)).text(), 'Pond dip')).toContain('(opens in a new tab)');
    // Not an edit: the same version, and no earlier version kept.
    expect(fixed.body.event.updatedAt).toBe(event.updatedAt);
    expect((await call(suite, 'GET', `/api/admin/events/${event.id}/versions`, { token })).body).toEqual([]);

    // A page that does not answer now keeps what it said before.
    const other = await createEvent('Bug hunt', `${site.url}/bugs`);
    site.answerAs('/bugs', '/hang-up');
    const silent = await askAgain(other.id);
    expect([silent.status, silent.body.message, silent.body.event.bookingPage]).toEqual([200, BOOKING_PAGE_ASKED.unanswered, 'missing']);

    // Saved again as it was, once put right: asked again (an address that answered is not).
    site.answerAs('/bugs', '/open');
    const asked = site.asked('/bugs');
    const body = { name: 'Bug hunt', date: daysFromNow(5), comment: 'Bring a jar.', bookingUrl: `${site.url}/bugs` };
    const saved = await call(suite, 'PUT', `/api/admin/events/${other.id}`, { token, body });
    expect([saved.status, saved.body.bookingPage, site.asked('/bugs')]).toEqual([200, 'frame', asked + 1]);
    await call(suite, 'PUT', `/api/admin/events/${other.id}`, { token, body: { ...body, comment: 'Bring two jars.' } });
    expect(site.asked('/bugs')).toBe(asked + 1);

    // Asked again many times at once while an edit moves the address: the edit's answer stays.
    site.answerAs('/pond-moved', '/open');
    site.answerAs('/pond', '/missing-page');
    const pond = { name: 'Pond dip', date: daysFromNow(5), comment: 'Bring a net.', bookingUrl: `${site.url}/pond-moved` };
    const [moved, ...asks] = await Promise.all([
      call(suite, 'PUT', `/api/admin/events/${event.id}`, { token, body: pond }),
      ...Array.from({ length: 12 }, () => askAgain(event.id)),
    ]);
    expect(moved.status).toBe(200);
    expect(asks.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const now = (await call(suite, 'GET', `/api/events/${event.id}`)).body;
    expect([now.bookingUrl, now.bookingPage]).toEqual([pond.bookingUrl, 'frame']);

    expect((await askAgain('0'.repeat(26))).status).toBe(404);
    for (const id of ['%00', 'x'.repeat(5000), '..%2f..%2fetc', '%E2%80%AE']) {
      const hostile = await askAgain(id);
      expect(hostile.status, id.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(hostile.status, id.slice(0, 20)).toBeLessThan(500);
    }
    expect((await call(suite, 'POST', `/api/admin/events/${event.id}/booking-page`)).status).toBe(401);
  });
});
