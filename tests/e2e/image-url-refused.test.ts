import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, openPage, PHONE, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { useServer } from '../setup/server.ts';

const sqlite = testDatabases[0]!;
/** The name the volunteer pastes; no browser or server here can reach it. */
const PASTED_SITE = 'https://photos.example';

/**
 * Stands the photo site (127.0.0.1, which the admin's own check rightly refuses to accept as an
 * image address) in for PASTED_SITE: the form's save reaches the server naming the photo site,
 * and the server really fetches it.
 */
async function pointPastedSiteAtPhotoSite(page: Page, apiPath: string) {
  await page.route(`**${apiPath}`, async (route) => {
    const body = route.request().postData() ?? '';
    await route.continue({ postData: body.replaceAll(PASTED_SITE, photoSite()) });
  });
}

describe('an image address that does not lead to an image', () => {
  const suite = useServer(sqlite, photoSiteEnv);
  const chrome = useBrowser();

  it('is refused with the reason under the field, on a phone and on a desktop, and nothing is saved', async () => {
    for (const [viewport, path, expected] of [
      [PHONE, '/missing-kite.jpg', /answered 404: there is no image there/],
      [DESKTOP, '/page-about-kites.html', /does not lead to an image/],
      [{ width: 320, height: 640 }, '/missing-again.jpg', /answered 404/],
    ] as const) {
      const { page, close } = await openPage(chrome.browser, { viewport });
      await signInWithCookie(page, suite.url);
      await pointPastedSiteAtPhotoSite(page, '/api/admin/gallery');
      await page.goto(`${suite.url}/admin/gallery`);
      await page
        .getByRole('button', { name: /Add (your first )?[Ii]mage/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Add Gallery Image' });
      await dialog.getByLabel('Or paste an image URL').fill(`${PASTED_SITE}${path}`);
      await dialog.getByLabel('Caption (optional)').fill('Kite flying');
      await dialog.getByRole('button', { name: 'Add Image' }).click();
      const error = dialog.getByRole('alert').filter({ hasText: expected });
      await error.waitFor();
      // The form keeps what was typed, to be corrected.
      await expect(dialog.getByLabel('Caption (optional)').inputValue()).resolves.toBe('Kite flying');
      await expectNoAxeViolations(page);
      await close();
    }
    expect((await call(suite, 'GET', '/api/gallery')).body).toEqual([]);
  });
});
