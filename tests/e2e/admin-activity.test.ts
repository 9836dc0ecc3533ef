import { describe, expect, it } from 'vitest';
import { BULK_STEP } from '../../src/core/activity/activity.schema.ts';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { deletedByScript, useDirectDb } from '../setup/direct-db.ts';
import { call } from '../setup/api-client.ts';
import { addAdministrator, adminToken, create } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// The activity log on a phone (docs/decisions/049): who deleted the Christmas fair, and from where;
// and everything a stranger with a volunteer's password deleted, back in one tap (051).

describe('the activity log, in Chromium', () => {
  const suite = useServer(sqliteDb, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();
  const direct = useDirectDb(suite);

  it('shows who did what, newest first, from where, and older lines a step at a time', async () => {
    // An older year of lines, then a wrong tap made on a phone.
    const at = (minutesAgo: number) => new Date(Date.now() - 3_600_000 - minutesAgo * 60_000).toISOString();
    await direct()
      .insertInto('activity')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `old${String(i).padStart(3, '0')}`,
          at: at(i),
          adminId: null,
          adminName: 'secretary',
          action: 'edited',
          subjectKind: 'news',
          subjectId: null,
          subjectLabel: `Minutes ${i}`,
          address: '203.0.113.9',
          device: 'Firefox on Windows',
        })),
      )
      .execute();
    await create(suite.url, await adminToken(suite.url), '/api/admin/events', {
      name: 'Christmas fair',
      date: new Date(Date.now() + 9 * 86_400_000).toISOString(),
      comment: 'Mince pies',
      bookingUrl: 'https://booking.example.org/fair',
    });

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/events`);
    await page.getByRole('button', { name: 'Delete Christmas fair' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'Event deleted successfully');

    // The dashboard shows the latest five, and leads to the rest.
    await page.goto(`${suite.url}/admin/dashboard`);
    const recent = page.getByTestId('recent-activity').locator('li');
    await expect.poll(() => recent.count()).toBe(5);
    await expect(recent.first().innerText()).resolves.toMatch(/^admin deleted the event “Christmas fair”\n/);
    // The wrong tap is put right where the volunteers land: Restore, on the dashboard too.
    await expect(recent.getByRole('button', { name: /^Restore/ }).count()).resolves.toBe(1);
    await recent.first().getByRole('button', { name: 'Restore Christmas fair' }).click();
    await expectNotice(page, 'Restored: it is back on the site as it was.');
    await expect.poll(() => recent.first().innerText()).toMatch(/^admin restored the event “Christmas fair”\n/);
    await expect(recent.getByRole('button', { name: /^Restore/ }).count()).resolves.toBe(0);
    expect(await (await fetch(`${suite.url}/events`)).text()).toContain('Christmas fair');
    // Deleted again, to be found in the log below.
    await page.goto(`${suite.url}/admin/events`);
    await page.getByRole('button', { name: 'Delete Christmas fair' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'Event deleted successfully');
    await page.goto(`${suite.url}/admin/dashboard`);
    await expect.poll(() => recent.first().innerText()).toMatch(/^admin deleted the event “Christmas fair”\n/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-dashboard-390', { fullPage: true });

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    const lines = page.getByTestId('activity').locator('li');
    await lines.first().waitFor();
    const top = await lines.allInnerTexts();
    expect(top).toHaveLength(50);
    expect(top[0]).toMatch(
      /^admin deleted the event “Christmas fair”\n+\w+ \d{1,2}, \d{4} at \d\d:\d\d · from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1), Chrome on Linux\n+Restore\s+Christmas fair$/,
    );
    expect(top[1]).toMatch(/^admin restored the event “Christmas fair”\n/);
    // The first delete was undone: only the newer one offers Restore.
    expect(top[2]).toMatch(/^admin deleted the event “Christmas fair”\n+[^\n]+$/);
    expect(top[3]).toMatch(/^admin signed in\n/);
    expect(top[4]).toMatch(/^admin added the event “Christmas fair”\n/);
    expect(top[5]).toMatch(/^admin signed in\n/);
    expect(top[6]).toMatch(/^secretary edited the news item “Minutes 0”\n+.* · from 203\.0\.113\.9, Firefox on Windows$/);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-activity-390');

    // The signal drops as 'Show more' is tapped: the lines stay, the reason shows, a tap again works.
    await page.route('**/api/admin/activity?before=*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to load more: The site could not be reached.' }).waitFor();
    await expect(lines.count()).resolves.toBe(50);
    await page.unroute('**/api/admin/activity?before=*');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => lines.count()).toBe(66);
    await expect(lines.last().innerText()).resolves.toMatch(/^secretary edited the news item “Minutes 59”/);
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);

    // One administrator's lines alone: what their sign-in was used for.
    await page.getByLabel('Who').selectOption('admin');
    await expect.poll(() => lines.count()).toBe(6);
    expect((await lines.allInnerTexts()).every((line) => line.startsWith('admin '))).toBe(true);
    await page.getByLabel('Who').selectOption('Everyone');
    await expect.poll(() => lines.count()).toBe(66);

    // The wrong tap, put right from where it was found: back on the site, and a line says who.
    await expect(lines.getByRole('button', { name: /^Restore/ }).count()).resolves.toBe(1);
    await lines.first().getByRole('button', { name: 'Restore Christmas fair' }).click();
    await expectNotice(page, 'Restored: it is back on the site as it was.');
    await expect.poll(() => lines.first().innerText()).toMatch(/^admin restored the event “Christmas fair”\n/);
    expect(await (await fetch(`${suite.url}/events`)).text()).toContain('Christmas fair');
    // Restored already: the delete below it offers nothing more.
    await expect(lines.getByRole('button', { name: /^Restore/ }).count()).resolves.toBe(0);

    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'admin-activity-1280');

    // Each administrator's last sign-in, and where from, on the Administrators screen too.
    await page.goto(`${suite.url}/admin/administrators`);
    await expect(page.getByTestId('last-sign-in').first().textContent()).resolves.toMatch(/^Last signed in .* with Chrome on Linux\.$/);
    await keepScreenshot(page, 'admin-administrators-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'admin-administrators-390');
    await context.close();
  });

  it('puts back everything one administrator deleted in one tap, after asking', async () => {
    const token = await adminToken(suite.url);
    const added = await addAdministrator(suite, token, 'stranger', 'a pale lantern under winter');
    const titles = ['Sports day', 'Bike workshop', 'Den building'];
    const items = await Promise.all(
      titles.map((title) => create(suite.url, token, '/api/admin/news', { title, content: '<p>x</p>', publishedAt: '2026-11-02' })),
    );
    for (const item of items) expect((await call(suite, 'DELETE', `/api/admin/news/${item.id}`, { token: added.token })).status).toBe(200);
    // The committee takes the account away first; what it did can still be found and undone.
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${added.id}`, { token })).status).toBe(200);

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/activity`);
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    // Everyone's lines: no 'Restore all' for the whole club at once.
    await page.getByTestId('activity').waitFor();
    await expect(page.getByRole('button', { name: /^Restore all/ }).count()).resolves.toBe(0);
    await page.getByLabel('Who').selectOption('stranger (removed)');
    await page.getByText('stranger deleted 3 items that can still be restored.').waitFor();
    await keepScreenshot(page, 'admin-restore-all-offer-390');
    await page.getByRole('button', { name: 'Restore all 3 items' }).click();
    const asking = page.getByRole('alertdialog');
    await expect(asking.innerText()).resolves.toContain('This puts the 3 items stranger deleted back on the site as they were.');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-restore-all-390');
    await asking.getByRole('button', { name: 'Restore all' }).click();
    await expectNotice(page, 'Restored 3 items: back on the site as they were.');
    await expect.poll(() => page.getByRole('button', { name: /^Restore all/ }).count()).toBe(0);
    const news = await (await fetch(`${suite.url}/news`)).text();
    expect(titles.every((title) => news.includes(title))).toBe(true);
    // Under 'Everyone', a line for each, by who tapped.
    await page.getByLabel('Who').selectOption('Everyone');
    const lines = page.getByTestId('activity').locator('li');
    await expect
      .poll(async () => (await lines.allInnerTexts()).slice(0, 3).every((line) => line.startsWith('admin restored the news item')))
      .toBe(true);
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-restore-all-1280');
    await context.close();
  });

  it('takes off everything a stranger posted in one tap, after asking, into Recently deleted', async () => {
    const token = await adminToken(suite.url);
    const { id: spammerId, token: spammer } = await addAdministrator(suite, token, 'spammer', 'a cold kettle over marshes');
    const titles = ['Cheap watches', 'Free prizes'];
    for (const title of titles)
      await create(suite.url, spammer, '/api/admin/news', { title, content: '<p>spam</p>', publishedAt: '2026-11-03' });
    await create(suite.url, spammer, '/api/admin/events', {
      name: 'Not a real event',
      date: '2027-01-20T10:00:00.000Z',
      comment: 'spam',
      bookingUrl: 'https://booking.example.org/spam',
    });
    expect((await call(suite, 'DELETE', `/api/admin/administrators/${spammerId}`, { token })).status).toBe(200);

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/activity`);
    await page.getByTestId('activity').waitFor();
    await expect(page.getByRole('button', { name: /^Delete all/ }).count()).resolves.toBe(0);
    await page.getByLabel('Who').selectOption('spammer (removed)');
    await page.getByText('spammer added 3 items in the last 30 days that are still on the site.').waitFor();
    await page.getByRole('button', { name: 'Delete all 3 items' }).click();
    const asking = page.getByRole('alertdialog');
    await expect(asking.innerText()).resolves.toContain(
      'This takes the 3 items spammer added in the last 30 days off the site. They wait in Recently deleted for 30 days, where each can be restored.',
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-delete-additions-390');
    await asking.getByRole('button', { name: 'Delete all' }).click();
    await expectNotice(page, 'Deleted 3 items: off the site, and in Recently deleted for 30 days if they are wanted back.');
    await expect.poll(() => page.getByRole('button', { name: /^Delete all/ }).count()).toBe(0);
    const [news, events] = await Promise.all(['/news', '/events'].map(async (path) => (await fetch(`${suite.url}${path}`)).text()));
    expect([...titles, 'Not a real event'].some((title) => news!.includes(title) || events!.includes(title))).toBe(false);

    // Each can come back from its list's Recently deleted, as any delete.
    await page.goto(`${suite.url}/admin/events`);
    await page.getByText('Recently deleted (1)').click();
    await page.getByRole('button', { name: 'Restore Not a real event' }).waitFor();
    await page.goto(`${suite.url}/admin/activity`);
    await page.getByTestId('activity').waitFor();
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-delete-additions-1280');
    await context.close();
  });

  it("puts back thousands of a script's deletes a step at a time, saying how far it has got", async () => {
    const count = 2 * BULK_STEP + 200;
    await deletedByScript(
      direct(),
      'scripted',
      Array.from({ length: count }, (_, i) => `script${String(i).padStart(5, '0')}`),
    );
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/activity`);
    await page.getByTestId('activity').waitFor();
    const calls: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/admin/activity/restore')) calls.push(response.status());
    });
    await page.getByLabel('Who').selectOption('scripted (removed)');
    // The second call is held until the dialog has said how far the first got, then meets a
    // database that has gone away for a moment.
    let answered = 0;
    let release = () => {};
    const progressSeen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/activity/restore', async (route) => {
      if (++answered !== 2) return route.fallback();
      await progressSeen;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The site cannot reach its database at the moment. Please try again in a minute.' }),
      });
    });
    await page.getByRole('button', { name: `Restore all ${count} items` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore all' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('status')
      .filter({ hasText: `${BULK_STEP} items done so far…` })
      .waitFor();
    release();
    await expectNotice(
      page,
      `Failed to restore: 503: The site cannot reach its database at the moment. Please try again in a minute. ${BULK_STEP} items were done before that; tap again for the rest.`,
    );
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const left = count - BULK_STEP;
    await page.getByRole('button', { name: `Restore all ${left} items` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore all' }).click();
    await expectNotice(page, `Restored ${left} items: back on the site as they were.`);
    expect(calls).toEqual([200, 503, 200, 200]);
    const token = await adminToken(suite.url);
    expect((await call(suite, 'GET', '/api/admin/activity?admin=scripted', { token })).body.restorableDeletes).toBe(0);
    await context.close();
  });
});
