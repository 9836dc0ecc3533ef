import { describe, expect, it } from 'vitest';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { expectNoAxeViolations, openPage, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';

// Every admin screen reaches every other: a sidebar on wide screens, a menu on phones, the current
// screen marked, 'View site' and 'Logout' at the end.

const SCREENS: [string, string][] = [
  ['Dashboard', '/admin/dashboard'],
  ['News', '/admin/news'],
  ['Events', '/admin/events'],
  ['Gallery', '/admin/gallery'],
  ['Who We Are', '/admin/who-we-are'],
  ['What We Do', '/admin/what-we-do'],
  ['Site Settings', '/admin/settings'],
  ['Administrators', '/admin/administrators'],
  ['Activity', '/admin/activity'],
];

describe('admin navigation in Chromium', () => {
  const suite = useServer(testDatabases[0]!);
  const chrome = useBrowser();

  it('shows a sidebar at 1280 px on every screen, marks the current one, goes to each, and passes axe on each', async () => {
    const { page, close } = await openPage(chrome.browser, { viewport: { width: 1280, height: 900 } });
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [label, href] of SCREENS) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`${suite.url}${href}`);
      await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe(label);
      await expect(nav.getByRole('link', { name: 'View site' }).getAttribute('href')).resolves.toBe('/');
      await expect(nav.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
      // Each screen once its data has come: axe on what a volunteer sees, not on 'Loading...'.
      await page
        .getByRole('status')
        .filter({ hasText: /^Loading/ })
        .first()
        .waitFor({ state: 'detached' });
      await expectNoAxeViolations(page);
    }
    await close();
  });

  it('opens a menu on phones at 320 and 390 px, and logs out from it', async () => {
    for (const width of [320, 390]) {
      const { page, close } = await openPage(chrome.browser, { viewport: { width, height: 800 } });
      await signInWithCookie(page, suite.url);
      await page.goto(`${suite.url}/admin/gallery`);
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await expect(nav.getByRole('link', { name: 'Events', exact: true }).isVisible()).resolves.toBe(false);
      await nav.getByRole('button', { name: 'Menu' }).click();
      await expect(nav.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(nav.locator('[aria-current="page"]').textContent()).resolves.toBe('Gallery');
      await expectNoAxeViolations(page);
      await nav.getByRole('link', { name: 'Events', exact: true }).click();
      await page.waitForURL(`${suite.url}/admin/events`);
      // The menu closes once a screen is chosen.
      await expect(nav.getByRole('link', { name: 'News', exact: true }).isVisible()).resolves.toBe(false);
      if (width === 390) {
        await nav.getByRole('button', { name: 'Menu' }).click();
        await nav.getByRole('button', { name: 'Logout' }).click();
        await page.waitForURL(`${suite.url}/admin`);
        await page.getByRole('button', { name: 'Log in' }).waitFor();
      }
      await close();
    }
  });
});
