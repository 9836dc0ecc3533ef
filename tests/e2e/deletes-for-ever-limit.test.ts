import { describe, expect, it } from 'vitest';
import { DELETES_FOR_EVER_A_DAY } from '../../src/core/activity/daily-limits.ts';
import { call } from '../setup/api-client.ts';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { adminToken, create } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// Past the day's deletes for ever (docs/decisions/063), a volunteer on a phone is told why, and
// the item stays in Recently deleted.

describe("the day's deletes for ever, in Chromium", () => {
  const suite = useServer(sqliteDb);
  const direct = useDirectDb(suite);
  const chrome = useBrowser();

  it('says why a delete for ever is refused today, and keeps the item in Recently deleted', async () => {
    const token = await adminToken(suite.url);
    const item = await create(suite.url, token, '/api/admin/news', {
      title: 'Old minutes',
      publishedAt: '2026-11-01',
      content: '<p>x</p>',
    });
    expect((await call(suite, 'DELETE', `/api/admin/news/${item.id}`, { token })).status).toBe(200);
    // Twenty deletes for ever this morning, as the log has them.
    const admin = await direct().selectFrom('admins').select('id').where('username', '=', ADMIN.username).executeTakeFirstOrThrow();
    const at = new Date(Date.now() - 3600_000).toISOString();
    await direct()
      .insertInto('activity')
      .values(
        Array.from({ length: DELETES_FOR_EVER_A_DAY }, (_, i) => ({
          id: `purged${i}`,
          at,
          adminId: admin.id,
          adminName: ADMIN.username,
          action: 'deleted-for-ever',
          subjectKind: 'news',
          subjectId: `gone${i}`,
          subjectLabel: `Gone ${i}`,
          address: null,
          device: null,
        })),
      )
      .execute();

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByText('Recently deleted (1)').click();
    await page.getByRole('button', { name: 'Delete for ever Old minutes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(
      page,
      'Failed to delete for ever: 429: 20 items have been deleted for ever in the last day, as many as the site allows in a day',
    );
    await page
      .locator('li.notice')
      .getByText(/it can be deleted for ever in 23 hours, and goes by itself 30 days after it was deleted\.$/)
      .waitFor();
    // The question closes: asking again today would not help.
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-delete-for-ever-limit-390');
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-delete-for-ever-limit-1280');
    // Still there, to restore or to go another day.
    await page.getByRole('button', { name: 'Delete for ever Old minutes' }).waitFor();
    expect(((await call(suite, 'GET', '/api/admin/deleted/news', { token })).body as { id: string }[]).map((row) => row.id)).toEqual([
      item.id,
    ]);
    await context.close();
  });
});
