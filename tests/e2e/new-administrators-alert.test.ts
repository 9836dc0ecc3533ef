import { describe, expect, it } from 'vitest';
import { signInWithForm } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { addAdministrator, adminToken } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// The dashboard says who was made an administrator this week, with what to do if nobody on the
// committee expected it (docs/decisions/064).

describe('new administrators on the dashboard, in Chromium', () => {
  const suite = useServer(sqliteDb);
  const chrome = useBrowser();

  it('names the new administrator and who added them, with a way to Administrators', async () => {
    const token = await adminToken(suite.url);
    const volunteer = await addAdministrator(suite, token, 'volunteer', 'a pale lantern under winter');
    await addAdministrator(suite, volunteer.token, 'backdoor', 'a quiet harbour before dawn', 'a pale lantern under winter');

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    const alert = page.getByRole('region', { name: 'New administrators' });
    await alert
      .getByText(
        /^volunteer made backdoor an administrator on .*\. If nobody on the committee expected that, remove backdoor on Administrators and change volunteer’s password\.$/,
      )
      .waitFor();
    await alert.getByText(new RegExp(`^${ADMIN.username} made volunteer an administrator on `)).waitFor();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-new-administrators-390', { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-new-administrators-1280');
    await alert.getByRole('link', { name: 'Administrators' }).first().click();
    await expect.poll(() => page.url()).toBe(`${suite.url}/admin/administrators`);
    await context.close();
  });
});
