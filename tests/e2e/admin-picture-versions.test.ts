import { describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { addAdministrator, adminToken, create, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// A stranger with a volunteer's password swapped a gallery photo for their own picture and
// caption: the committee follows the line in the log to the photo, sees the club's picture in its
// earlier versions, and puts it back, on a phone (docs/decisions/061).

describe('earlier versions of a gallery photo, in Chromium', () => {
  const suite = useServer(sqliteDb);
  const chrome = useBrowser();

  it("puts back the club's picture and caption a stranger swapped, from the line in the log", async () => {
    const token = await adminToken(suite.url);
    const ours = await uploadImage(suite.url, token, 1);
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: ours, caption: 'Sports day relay' });
    const stranger = await addAdministrator(suite, token, 'swapper', 'a pale lantern under winter');
    const theirs = await uploadImage(suite.url, stranger.token, 7);
    const swapped = await call(suite, 'PUT', `/api/admin/gallery/${photo.id}`, {
      token: stranger.token,
      body: { imageUrl: theirs, caption: 'Win a prize: click here' },
    });
    expect(swapped.status).toBe(200);
    expect((await fetch(`${suite.url}${ours}`)).status).toBe(404);

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/activity`);
    const line = page
      .getByTestId('activity')
      .locator('li')
      .filter({ hasText: 'swapper edited the gallery photo “Win a prize: click here”' });
    await line.getByRole('link', { name: 'Earlier versions of Win a prize: click here' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Gallery Image' });
    await dialog.waitFor();
    await expect.poll(() => page.url()).toBe(`${suite.url}/admin/gallery`);
    await dialog.getByText('Earlier versions (1)').click();
    await dialog.getByText(/^Saved .*; replaced .* by swapper\.$/).waitFor();
    await dialog.getByText('Sports day relay').waitFor();
    await dialog.getByText(/A picture it replaced is kept for 30 days\.$/).waitFor();
    // The club's picture, which visitors no longer get, loads for the committee.
    const then = dialog.getByRole('img', { name: 'Image then' });
    await then.scrollIntoViewIfNeeded();
    await expect.poll(() => then.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(then.getAttribute('src')).resolves.toContain(ours);
    await expectNoAxeViolations(page);
    await keepScreenshot(dialog.locator('details'), 'admin-photo-versions-390');

    await dialog.getByRole('button', { name: /^Use this version/ }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: /^The text saved .* is in the form: check it, then Update Image\.$/ })
      .waitFor();
    await expect(dialog.getByLabel('Caption (optional)').inputValue()).resolves.toBe('Sports day relay');
    await expect.poll(() => dialog.locator(`img[src*="${ours}"]`).count()).toBeGreaterThan(1);
    // Nothing changed on the site until it is saved.
    expect(await (await fetch(`${suite.url}/gallery`)).text()).toContain(theirs);
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-photo-versions-1280', { fullPage: true });
    await dialog.getByRole('button', { name: 'Update Image' }).click();
    await expectNotice(page, 'Gallery image updated');

    const site = await (await fetch(`${suite.url}/gallery`)).text();
    expect(site).toContain(ours);
    expect(site).toContain('Sports day relay');
    expect(site).not.toContain(theirs);
    // The club's picture is everyone's again; the stranger's is withdrawn and kept for the committee.
    expect((await fetch(`${suite.url}${ours}`)).status).toBe(200);
    expect((await fetch(`${suite.url}${theirs}`)).status).toBe(404);
    await context.close();
  });
});
