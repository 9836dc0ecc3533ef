import { describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { DESKTOP, expectFocused, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { addAdministrator, adminToken, create, denBuilding } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// A stranger with a volunteer's password swapped an event's booking link for a scam's, and a
// volunteer pasted the AGM's minutes over a news item: the committee puts both back from their
// earlier versions, on a phone (docs/decisions/056).

describe('earlier versions of news items and events, in Chromium', () => {
  const suite = useServer(sqliteDb, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();

  it("follows the stranger's line from the log to the event and puts its booking link back", async () => {
    const token = await adminToken(suite.url);
    const event = await create(suite.url, token, '/api/admin/events', denBuilding());
    const stranger = await addAdministrator(suite, token, 'stranger', 'a pale lantern under winter');
    const scam = 'https://scam.example.net/pay';
    const swapped = await call(suite, 'PUT', `/api/admin/events/${event.id}`, {
      token: stranger.token,
      body: { ...denBuilding(), date: event.date, bookingUrl: scam, comment: 'Pay here to keep your place.' },
    });
    expect(swapped.status).toBe(200);
    expect(await (await fetch(`${suite.url}/events/${event.id}`)).text()).toContain(scam);

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/activity`);
    const line = page.getByTestId('activity').locator('li').filter({ hasText: 'stranger edited the event “Den building”' });
    await line.getByRole('link', { name: 'Earlier versions of Den building' }).click();
    // The events screen opens that event's dialog, and the address forgets the link.
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await dialog.waitFor();
    await expect.poll(() => page.url()).toBe(`${suite.url}/admin/events`);
    await expect(dialog.getByLabel('Booking URL').inputValue()).resolves.toBe(scam);
    await dialog.getByText('Earlier versions (1)').click();
    await dialog.getByText(/^Saved .*; replaced .* by stranger\.$/).waitFor();
    await dialog.getByText('https://booking.example.org/den').waitFor();
    await dialog.getByText(/A picture it replaced is kept for 30 days\.$/).waitFor();
    await expectNoAxeViolations(page);
    await keepScreenshot(dialog.locator('details'), 'admin-event-versions-390');

    await dialog.getByRole('button', { name: /^Use this version/ }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: /^The text saved .* is in the form: check it, then Update Event\.$/ })
      .waitFor();
    await expect(dialog.getByLabel('Booking URL').inputValue()).resolves.toBe('https://booking.example.org/den');
    await expect(dialog.getByLabel('Description').inputValue()).resolves.toBe('Bring wellies.');
    await expectFocused(dialog.getByLabel('Event Name'));
    // The date comes back as the club's local time, as the input holds it (10:00 UTC in winter London).
    await expect(dialog.getByLabel('Date').inputValue()).resolves.toMatch(/T10:00$/);
    // Nothing changed on the site until it is saved.
    expect(await (await fetch(`${suite.url}/events/${event.id}`)).text()).toContain(scam);
    await dialog.getByRole('button', { name: 'Update Event' }).click();
    await expectNotice(page, 'Event updated successfully');
    const site = await (await fetch(`${suite.url}/events/${event.id}`)).text();
    expect(site).toContain('https://booking.example.org/den');
    expect(site).not.toContain(scam);
    const stored = await call(suite, 'GET', `/api/events/${event.id}`);
    expect(stored.body).toMatchObject({ date: event.date, bookingUrl: 'https://booking.example.org/den', comment: 'Bring wellies.' });
    await context.close();
  });

  it("puts back a news item's text pasted over by mistake, in the rich-text editor", async () => {
    const token = await adminToken(suite.url);
    const item = await create(suite.url, token, '/api/admin/news', {
      title: 'Camp-out in the school field',
      publishedAt: '2026-11-02',
      content: '<p>Bring a <strong>torch</strong> and a sleeping bag.</p>',
    });
    const pasted = await call(suite, 'PUT', `/api/admin/news/${item.id}`, {
      token,
      body: { title: 'Camp-out in the school field', publishedAt: '2026-11-02', content: '<p>Minutes of the AGM: apologies from Tom.</p>' },
    });
    expect(pasted.status).toBe(200);

    const context = await chrome.browser.newContext({ ...TOUCH_PHONE });
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Edit Camp-out in the school field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit News Item' });
    const editor = dialog.getByRole('textbox', { name: 'Content' });
    await expect.poll(() => editor.textContent()).toBe('Minutes of the AGM: apologies from Tom.');
    await dialog.getByText('Earlier versions (1)').click();
    // The text as words, not as HTML; the date as people write it.
    await dialog.getByText('Bring a torch and a sleeping bag.').waitFor();
    await dialog.getByText('November 2, 2026').waitFor();
    await keepScreenshot(dialog.locator('details'), 'admin-news-versions-390');
    await dialog.getByRole('button', { name: /^Use this version/ }).click();
    await expect.poll(() => editor.innerHTML()).toBe('<p>Bring a <strong>torch</strong> and a sleeping bag.</p>');
    await expect(dialog.getByLabel('Publication Date').inputValue()).resolves.toBe('2026-11-02');
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-news-versions-1280', { fullPage: true });
    await dialog.getByRole('button', { name: 'Update News Item' }).click();
    await expectNotice(page, 'News item updated successfully');
    const site = await (await fetch(`${suite.url}/news/${item.id}`)).text();
    expect(site).toContain('Bring a <strong>torch</strong> and a sleeping bag.');
    expect(site).not.toContain('Minutes of the AGM');
    await context.close();
  });

  it('says so when the link names an item that is not on the site any more', async () => {
    const token = await adminToken(suite.url);
    const event = await create(suite.url, token, '/api/admin/events', { ...denBuilding(), name: 'Bonfire' });
    expect((await call(suite, 'DELETE', `/api/admin/events/${event.id}`, { token })).status).toBe(200);
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/events?edit=${event.id}`);
    await expectNotice(page, 'That event is not on the site any more');
    await expect.poll(() => page.url()).toBe(`${suite.url}/admin/events`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('puts back everything a stranger rewrote in one tap from the Activity screen, on a phone', async () => {
    const token = await adminToken(suite.url);
    const event = await create(suite.url, token, '/api/admin/events', { ...denBuilding(), name: 'Kite day' });
    const page = { aboutUs: 'Dads and father figures of Oakfield Primary.', whoAreWe: 'Six volunteers.', contactEmail: 'dads@example.org' };
    expect((await call(suite, 'PUT', '/api/admin/who-we-are', { token, body: page })).status).toBe(200);
    const stranger = await addAdministrator(suite, token, 'rewriter', 'a slow river through the valley');
    const scam = 'https://scam.example.net/kites';
    const rewrites = [
      call(suite, 'PUT', `/api/admin/events/${event.id}`, {
        token: stranger.token,
        body: { ...denBuilding(), name: 'Kite day', date: event.date, bookingUrl: scam },
      }),
      call(suite, 'PUT', '/api/admin/who-we-are', { token: stranger.token, body: { aboutUs: 'Cheap kites at cheap-kites.example!' } }),
    ];
    expect((await Promise.all(rewrites)).map((answer) => answer.status)).toEqual([200, 200]);

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const tab = await context.newPage();
    await signInWithForm(tab, suite.url);
    await tab.goto(`${suite.url}/admin/activity`);
    await tab.getByTestId('activity').waitFor();
    await expect(tab.getByRole('button', { name: /^Put back all/ }).count()).resolves.toBe(0);
    await tab.getByLabel('Who').selectOption('rewriter');
    await tab.getByText('rewriter edited 2 pages or items that still say what they saved.').waitFor();
    await tab.getByRole('button', { name: 'Put back all 2' }).click();
    const asking = tab.getByRole('alertdialog');
    await expect(asking.innerText()).resolves.toContain(
      "This puts the words and links of those 2 back as they were before rewriter's edits",
    );
    await expectNoAxeViolations(tab);
    await keepScreenshot(tab, 'admin-put-back-all-390');
    await asking.getByRole('button', { name: 'Put back all' }).click();
    await expectNotice(tab, 'Put back 2 edits: the site says what it said before.');
    await expect.poll(() => tab.getByRole('button', { name: /^Put back all/ }).count()).toBe(0);
    const eventPage = await (await fetch(`${suite.url}/events/${event.id}`)).text();
    expect(eventPage).toContain('https://booking.example.org/den');
    expect(eventPage).not.toContain(scam);
    expect(await (await fetch(`${suite.url}/who-we-are`)).text()).toContain(page.aboutUs);
    await tab.setViewportSize(DESKTOP);
    await tab.getByLabel('Who').selectOption('Everyone');
    await tab.getByTestId('activity').locator('li').filter({ hasText: 'admin edited the event “Kite day”' }).first().waitFor();
    await keepScreenshot(tab, 'admin-put-back-all-1280');
    await context.close();
  });
});
