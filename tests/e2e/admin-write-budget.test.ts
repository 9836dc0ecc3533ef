import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, flood } from '../setup/api-client.ts';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { addAdministrator, adminToken } from '../setup/fill-site.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { useServer } from '../setup/server.ts';
import { WRITE_BUDGET } from '../../src/core/auth/write-budget.ts';

// A script with the volunteer's password has spent their account's hour of changes
// (docs/decisions/059): the volunteer's save says why and what to do, and keeps what was typed;
// another member of the committee sees the pause on the dashboard and follows it to what the
// account did.

describe("an administrator's paused account, in Chromium", () => {
  const clock = path.join(os.tmpdir(), `club-paused-clock-${process.pid}`);
  const suite = useServer(sqliteDb, { SITE_TIMEZONE: 'Europe/London', ...fakeClockEnv(clock) });
  const chrome = useBrowser();

  it('tells the volunteer on a phone, and shows the committee the pause and what that account did', async () => {
    const token = await adminToken(suite.url);
    await addAdministrator(suite, token, 'treasurer', 'a kettle on the camp stove');
    const volunteer = await addAdministrator(suite, token, 'volunteer', 'a robin on the goalpost');
    // The script: its own session of the volunteer's account, a thousand changes in a few seconds.
    await flood(WRITE_BUDGET.writes + 20, 20, () => call(suite, 'DELETE', '/api/admin/news/scripted', { token: volunteer.token }));

    // An hour back, the server sees no time pass since the budget was spent: nothing refills
    // while a slow machine signs in and fills the form.
    await moveFakeClock(clock, Date.now() - 60 * 60_000);

    const phone = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await phone.newPage();
    await signInWithForm(page, suite.url, 'volunteer', 'a robin on the goalpost');
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).click();
    const create = page.getByRole('dialog', { name: 'Create News Item' });
    await create.getByLabel('Title').fill('Sports day results');
    await create.locator('.ql-editor').click();
    await page.keyboard.type('Well run, everyone.');
    await create.getByRole('button', { name: 'Create News Item' }).click();
    await expectNotice(page, '429: This account has made more changes in the last hour than a person would');
    await expect(page.locator('li.notice[data-state="open"]').innerText()).resolves.toMatch(
      /not taking its changes for \d+ seconds?\. If that was not you, change your password now: that signs out everyone else using it\./,
    );
    // Nothing typed is lost.
    await expect(create.getByLabel('Title').inputValue()).resolves.toBe('Sports day results');
    await expect(create.locator('.ql-editor').innerText()).resolves.toContain('Well run, everyone.');
    await keepScreenshot(page, 'admin-paused-save-390');
    await phone.close();

    const desk = await chrome.browser.newContext({ viewport: DESKTOP });
    const treasurerPage = await desk.newPage();
    await signInWithForm(treasurerPage, suite.url, 'treasurer', 'a kettle on the camp stove');
    const line = treasurerPage
      .getByTestId('recent-activity')
      .locator('li')
      .filter({ hasText: 'volunteer was paused for making more changes in an hour than a person would' });
    await line.waitFor();
    await line.getByRole('link', { name: 'What they did (volunteer)' }).waitFor();
    // Where the committee looks first, for a week, however many lines the script adds after it.
    const alert = treasurerPage.getByRole('alert').filter({ hasText: 'volunteer’s account was paused on' });
    await expect(alert.innerText()).resolves.toMatch(
      /^volunteer’s account was paused on [A-Z][a-z]+ \d+, \d{4} at \d\d:\d\d: it made more changes in an hour than a person would\. If nobody on the committee was doing that, someone else has its password: change it on Administrators, and sign volunteer out everywhere\. What they did$/,
    );
    await expectNoAxeViolations(treasurerPage);
    await keepScreenshot(treasurerPage, 'admin-paused-dashboard-1280');
    await alert.getByRole('link', { name: 'What they did', exact: true }).click();
    await treasurerPage.waitForURL(`${suite.url}/admin/activity?who=${volunteer.id}`);
    // Once the list of administrators has come.
    await expect.poll(() => treasurerPage.getByLabel('Who').inputValue()).toBe(volunteer.id);
    // Only the volunteer's lines: the pause, and their sign-in.
    await treasurerPage.getByTestId('activity').locator('li').filter({ hasText: 'volunteer signed in' }).first().waitFor();
    const lines = await treasurerPage.getByTestId('activity').locator('li').allInnerTexts();
    expect(lines.every((text) => text.startsWith('volunteer '))).toBe(true);
    // 'Everyone' again takes 'who' out of the address.
    await treasurerPage.getByLabel('Who').selectOption('');
    await expect.poll(() => treasurerPage.url()).toBe(`${suite.url}/admin/activity`);
    await treasurerPage.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(treasurerPage, 'admin-paused-activity-390');
    await desk.close();
  });
});
