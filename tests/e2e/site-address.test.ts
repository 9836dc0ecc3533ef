import { describe, expect, it } from 'vitest';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import { expectNoAxeViolations, keepScreenshot, openPage, PHONE, useBrowser } from '../setup/browser.ts';
import { signInWithForm } from '../setup/admin-browser.ts';

// docs/decisions/074: a site started without PUBLIC_URL gives out localhost links. The volunteer
// who reaches it by its real name is told on the dashboard; on the server's own machine, nobody is.

describe('the site reached by its own name, with PUBLIC_URL left out', () => {
  const suite = useServer(testDatabases[0]!);
  const chrome = useBrowser({ localNames: ['dads.example'] });
  const alert = (origin: string) =>
    `The links this site gives out (the news feed, the calendar, shared links) start with http://localhost:${suite.server.port}, but you are using ${origin}. Tell whoever runs the server to set PUBLIC_URL to ${origin} and restart it.`;

  it('tells the volunteer on the dashboard what whoever runs the server should set', async () => {
    const origin = `http://dads.example:${suite.server.port}`;
    const { page, errors, close } = await openPage(chrome.browser, { viewport: PHONE });
    await signInWithForm(page, origin);
    const shown = page.getByRole('alert').filter({ hasText: 'PUBLIC_URL' });
    await expect(shown.textContent()).resolves.toBe(alert(origin));
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'dashboard-site-address-390');
    expect(errors).toEqual([]);
    await close();
  });

  it('says nothing to a volunteer on the server’s own machine', async () => {
    const { page, close } = await openPage(chrome.browser);
    await signInWithForm(page, suite.url);
    await page.getByRole('heading', { name: 'Latest News' }).waitFor();
    await expect(page.getByText('PUBLIC_URL').count()).resolves.toBe(0);
    await close();
  });
});
