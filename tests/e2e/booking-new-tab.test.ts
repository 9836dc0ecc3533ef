import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../setup/api-client.ts';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { BOOKING_HOST, bookingCheckEnv, startBookingSite, type BookingSite } from '../setup/booking-site.ts';
import {
  dialogInHistory,
  expectFocused,
  expectNoAxeViolations,
  islandsHydrated,
  keepScreenshot,
  openHydrated,
  openPage,
  TOUCH_PHONE,
  useBrowser,
} from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { create, daysFromNow } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';
import { BOOKING_PAGE_ASKED, BOOKING_PAGE_NOTES } from '../../src/core/events/events.schema.ts';
import { BOOKING_PAGE_MISSING } from '../../src/components/content/booking-dialog.tsx';

const sqlite = testDatabases[0]!;

describe('a booking page that forbids frames, in Chromium', () => {
  const suite = useServer(sqlite, bookingCheckEnv);
  const chrome = useBrowser({ localNames: [BOOKING_HOST] });
  let site: BookingSite;
  beforeAll(async () => {
    site = await startBookingSite();
    const token = await login(suite);
    const event = (name: string, path: string) =>
      create(suite.url, token, '/api/admin/events', {
        name,
        date: daysFromNow(6),
        comment: 'Bring a kite.',
        bookingUrl: `${site.url}${path}`,
      });
    await event('Kite day', '/no-frames');
    await event('Raft race', '/open');
    await event('Bike ride', '/bike-ride-gone');
    await event('Night walk', '/slow');
    await event('Treasure hunt', '/steps');
  });
  afterAll(() => site.close());

  it("opens in a new tab from 'Book Now' on a phone, while another opens in the booking window", async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await openHydrated(page, `${suite.url}/events`);
    const opened = page.context().waitForEvent('page');
    await page.getByRole('link', { name: 'Book Now: Kite day (opens in a new tab)' }).tap();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${site.url}/no-frames`);
    await tab.getByRole('heading', { name: 'Book your place' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await tab.close();

    await page.getByRole('button', { name: 'Book Now: Raft race' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Booking Page' });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe(`${site.url}/open`);
    await close();
  });

  it("closes the booking window with Back on a phone, after stepping back through the booking page's own steps", async () => {
    const { page, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await page.goto(`${suite.url}/news`);
    await openHydrated(page, `${suite.url}/events`);
    const events = page.url();
    const book = page.getByRole('button', { name: 'Book Now: Treasure hunt' });
    const dialog = page.getByRole('dialog', { name: 'Booking Page' });
    const booking = dialog.frameLocator('iframe');
    // Asked for after the call returns: a Back that leaves the document would otherwise end the
    // page's script context before its answer came, now and then, failing the call.
    const back = () => page.evaluate(() => void setTimeout(() => history.back()));

    // Opened, then Back: the window closes and the parent is still on the events.
    await book.tap();
    await booking.getByRole('heading', { name: 'Book your place' }).waitFor();
    await back();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(events);
    await expectFocused(book, 'Back to Book Now');

    // A step into the booking page: Back returns to its first step, the next Back closes the window.
    await book.tap();
    await booking.getByRole('link', { name: 'Choose tickets' }).tap();
    await booking.getByRole('heading', { name: 'Your details' }).waitFor();
    await back();
    await booking.getByRole('heading', { name: 'Book your place' }).waitFor();
    expect(await dialog.count()).toBe(1);
    await back();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(events);

    // Closed with its button, the window leaves no step of its own: the next Back leaves the events.
    await book.tap();
    await booking.getByRole('heading', { name: 'Book your place' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await back();
    await page.waitForURL(`${suite.url}/news`);

    // Closed with its button after a step into the booking page: the window's entry goes with
    // it, and so the next Back leaves the events (docs/decisions/114's addendum).
    await openHydrated(page, `${suite.url}/events`);
    await book.tap();
    await booking.getByRole('link', { name: 'Choose tickets' }).tap();
    await booking.getByRole('heading', { name: 'Your details' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await dialogInHistory(page, false);
    await back();
    await page.waitForURL(`${suite.url}/news`);

    // Reloaded with the window open (docs/decisions/115): the window's entry is gone back over
    // once the page has its script, so one Back leaves the events, as after Close.
    await openHydrated(page, `${suite.url}/events`);
    await book.tap();
    await booking.getByRole('heading', { name: 'Book your place' }).waitFor();
    await dialogInHistory(page);
    await page.reload();
    await islandsHydrated(page);
    await dialogInHistory(page, false);
    expect(page.url()).toBe(events);
    await back();
    await page.waitForURL(`${suite.url}/news`);
    expect(errors).toEqual([]);
    await close();
  });

  it('says the booking page is loading until it has, each time the window opens', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await openHydrated(page, `${suite.url}/events`);
    const dialog = page.getByRole('dialog', { name: 'Booking Page' });
    for (const time of ['first', 'second']) {
      await page.getByRole('button', { name: 'Book Now: Night walk' }).tap();
      await dialog.getByRole('status').getByText('Loading the booking page...').waitFor();
      if (time === 'first') await keepScreenshot(page, 'booking-page-loading-390');
      await dialog
        .frameLocator('iframe')
        .getByRole('heading', { name: 'Book your place' })
        .waitFor({ timeout: 10_000 })
        .catch((error: unknown) => {
          throw new Error(`${time} opening: ${String(error)}`);
        });
      await dialog.getByText('Loading the booking page...').waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Close' }).tap();
      await dialog.waitFor({ state: 'detached' });
    }
    await close();
  });

  it("tells a parent in the window when the booking page answered 'not found' when last asked, and not otherwise", async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await openHydrated(page, `${suite.url}/events`);
    const dialog = page.getByRole('dialog', { name: 'Booking Page' });
    await page.getByRole('button', { name: 'Book Now: Bike ride' }).tap();
    await dialog.getByText(BOOKING_PAGE_MISSING).waitFor();
    await keepScreenshot(page, 'booking-page-missing-390');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Book Now: Raft race' }).tap();
    await dialog.frameLocator('iframe').getByRole('heading', { name: 'Book your place' }).waitFor();
    expect(await dialog.getByText(BOOKING_PAGE_MISSING).count()).toBe(0);
    await close();
  });

  it('says so under the event in the admin, and on the dashboard when a booking address answered not found', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/events`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kite day' }) });
    await card.getByText(BOOKING_PAGE_NOTES['new-tab']!).waitFor();
    const other = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Raft race' }) });
    expect(await other.getByText(BOOKING_PAGE_NOTES['new-tab']!).count()).toBe(0);
    await expectNoAxeViolations(page);

    // A booking address that answered 'not found': said where the committee looks first.
    await page.goto(`${suite.url}/admin/dashboard`);
    const alert = page.getByRole('region', { name: 'Booking pages not found' });
    await alert.getByText("The booking page of Bike ride answered 'not found' when it was last asked: parents cannot book.").waitFor();
    expect(await alert.getByText(/Kite day|Raft race/).count()).toBe(0);
    await expectNoAxeViolations(page);
    await alert.getByRole('link', { name: 'Manage Events' }).tap();
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Bike ride' }) })
      .getByText(BOOKING_PAGE_NOTES.missing!)
      .waitFor();
    await close();
  });

  it("asks a booking page again from the event's card once it is put right, and the dashboard stops saying so", async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/events`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Bike ride' }) });
    await card.getByText(BOOKING_PAGE_NOTES.missing!).waitFor();
    const askAgain = card.getByRole('button', { name: 'Ask again: the booking page of Bike ride' });
    await askAgain.tap();
    await card.getByRole('status').getByText(BOOKING_PAGE_ASKED.missing).waitFor();
    await keepScreenshot(card, 'booking-page-asked-again-390');

    site.answerAs('/bike-ride-gone', '/open');
    await askAgain.tap();
    // The answer stays where the volunteer looked; the line and the button go with what they said.
    await card.getByRole('status').getByText(BOOKING_PAGE_ASKED.frame).waitFor();
    await card.getByText(BOOKING_PAGE_NOTES.missing!).waitFor({ state: 'detached' });
    expect(await askAgain.count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto(`${suite.url}/admin/dashboard`);
    // The events have loaded once the upcoming list names it.
    await page.getByText('Bike ride', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Booking pages not found' }).count()).toBe(0);
    await close();
  });
});
