import { describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { expectNotice } from '../setup/admin-browser.ts';
import { expectNoAxeViolations, openPage, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// A volunteer's evening: the session ends while they type; saving asks them to sign in again on
// the same screen, and then saves what they typed.

describe('a session that ends mid-edit, in Chromium', () => {
  const suite = useServer(testDatabases[0]!);
  const chrome = useBrowser();

  it('asks to sign in again in place, then saves what was typed', async () => {
    for (const width of [390, 1280]) {
      const { page, close } = await openPage(chrome.browser, { viewport: { width, height: 850 } });
      const token = await login(suite);
      await page.context().addCookies([{ name: 'club_session', value: token, url: suite.url, httpOnly: true, sameSite: 'Lax' }]);
      await page.goto(`${suite.url}/admin/events`);
      await page.getByRole('button', { name: 'Add Event' }).click();
      const form = page.getByRole('dialog', { name: 'Create Event' });
      const name = `Written at ${width} px during a long evening`;
      await form.getByLabel('Event Name').fill(name);
      await form.getByLabel('Booking URL').fill('https://tickets.example/evening');
      await form.getByLabel('Description', { exact: true }).fill('Typed slowly, with care.');

      // The session ends (expired, or signed out elsewhere).
      expect((await call(suite, 'POST', '/api/admin/logout', { token })).status).toBe(200);
      await form.getByRole('button', { name: 'Create Event' }).click();
      const again = page.getByRole('dialog', { name: 'Sign in again to save' });
      await again.waitFor();
      await expectNoAxeViolations(page);
      // A wrong password says so and keeps the dialog.
      await again.getByLabel('Username').fill(ADMIN.username);
      await again.getByLabel('Password').fill('not-the-password');
      await again.getByRole('button', { name: 'Sign in and save' }).click();
      await again.getByText('Invalid username or password').waitFor();
      await again.getByLabel('Password').fill(ADMIN.password);
      await again.getByRole('button', { name: 'Sign in and save' }).click();

      await expectNotice(page, 'Event created successfully');
      await expect(again.count()).resolves.toBe(0);
      expect(page.url()).toBe(`${suite.url}/admin/events`);
      const events = (await (await fetch(`${suite.url}/api/events`)).json()) as { name: string; comment: string }[];
      expect(events.filter((event) => event.name === name)).toEqual([expect.objectContaining({ comment: 'Typed slowly, with care.' })]);
      await close();
    }
  }, 60_000);
});
