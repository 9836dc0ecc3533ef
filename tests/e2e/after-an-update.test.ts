import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_NOT_LOADED } from '../../src/components/lazy-or.ts';
import { SCREEN_FAILED } from '../../src/admin/ui/screen-error-boundary.tsx';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { adminToken, create, denBuilding, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// A page opened before the site was updated asks for code that was loaded on first use: the
// editor, the booking dialog, the lightbox. The build keeps one build back (scripts/
// previous-assets.test.ts); older ones are gone, and a dropped connection loses them too. Here
// those files answer 404, and each place still lets the visitor or volunteer go on.

const sqlite = testDatabases[0]!;

/** Code files whose name starts with `chunk` answer 404, as files of a build long gone. */
async function goneAfterUpdate(page: Page, chunk: string): Promise<string[]> {
  const refused: string[] = [];
  await page.route(new RegExp(`/_astro/${chunk}\\.[\\w-]+\\.js$`), (route) => {
    refused.push(route.request().url());
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  return refused;
}

describe('a page opened before the site was updated', () => {
  const suite = useServer(sqlite);
  const chrome = useBrowser();
  let photoUrl = '';

  beforeAll(async () => {
    const token = await adminToken(suite.url);
    await create(suite.url, token, '/api/admin/events', { ...denBuilding(), bookingUrl: 'https://booking.test/book' });
    photoUrl = await uploadImage(suite.url, token);
    await create(suite.url, token, '/api/admin/gallery', { imageUrl: photoUrl, caption: 'Campfire' });
  });

  it('the news form says the editor could not be loaded, and the rest of the form stays', async () => {
    const { page, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, suite.url);
    const refused = await goneAfterUpdate(page, 'rich-text-editor');
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create News Item' });
    await dialog.getByRole('alert').filter({ hasText: CODE_NOT_LOADED }).waitFor();
    expect(refused).toHaveLength(1);
    await dialog.getByLabel('Title').fill('Still typing');
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe('Still typing');
    expect(errors).toEqual([]);
    await close();
  });

  it('an admin screen that meets an answer it cannot show says so in the admin, and the next screen works', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, suite.url);
    // An answer of another shape than this page's code expects (an API newer than the page).
    await page.route('**/api/admin/administrators', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await page.goto(`${suite.url}/admin/administrators`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('alert').filter({ hasText: SCREEN_FAILED }).waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await close();
  });

  it("'Book Now' opens the booking page in a new tab when the dialog cannot be loaded", async () => {
    const { page, context, close } = await openPage(chrome.browser, TOUCH_PHONE);
    const refused = await goneAfterUpdate(page, 'booking-dialog');
    await context.route('https://booking.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Booking</title>' }));
    await page.goto(`${suite.url}/events`, { waitUntil: 'networkidle' });
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Book Now: Den building' }).click();
    const tab = await popup;
    await tab.waitForURL('https://booking.test/book');
    expect(refused).toHaveLength(1);
    // The island is still there for the next press.
    await expect(page.getByRole('button', { name: 'Book Now: Den building' }).count()).resolves.toBe(1);
    await close();
  });

  it('a gallery tile opens the photo itself when the lightbox cannot be loaded', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    const refused = await goneAfterUpdate(page, 'gallery-lightbox');
    await page.goto(`${suite.url}/gallery`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Open image: Campfire' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(photoUrl));
    expect(refused).toHaveLength(1);
    // Back is the gallery, and stays there (the photo's address would open the image again).
    await page.goBack();
    await page.waitForURL(`${suite.url}/gallery`);
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${suite.url}/gallery`);
    // And the tile still opens the photo.
    await page.getByRole('link', { name: 'Open image: Campfire' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(photoUrl));
    await close();
  });

  it("opens and closes the menu from the page alone when the menu's code cannot be loaded", async () => {
    const { page, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    // Astro's island asks again a second later under another address (`?astro-retry=`): gone too.
    const refused: string[] = [];
    await page.route(/\/_astro\/mobile-menu\.[\w-]+\.js(\?.*)?$/, (route) => {
      refused.push(route.request().url());
      return route.fulfill({ status: 404, body: 'Not found' });
    });
    await page.goto(`${suite.url}/who-we-are`);
    const toggle = page.locator('header summary');
    const menu = page.locator('header nav[aria-label="Main"]:visible');
    await toggle.click();
    await expect(menu.count()).resolves.toBe(1);
    await expect.poll(() => refused.length).toBe(2);
    await toggle.click();
    await expect(menu.count()).resolves.toBe(0);
    await toggle.click();
    await menu.getByRole('link', { name: 'What We Do' }).click();
    await page.waitForURL(`${suite.url}/what-we-do`);
    expect(errors).toEqual([]);
    await close();
  });

  it("shows a notice as plain text when the notice region's code cannot be loaded", async () => {
    const { page, context, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const refused = await goneAfterUpdate(page, 'toaster-radix');
    await page.clock.install();
    await page.goto(`${suite.url}/events`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Share Den building' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Link copied' });
    await notice.getByText('The link has been copied to your clipboard').waitFor();
    expect(refused).toHaveLength(1);
    // It goes when a notice would.
    await page.clock.fastForward(6_000);
    await notice.waitFor({ state: 'detached' });
    await close();
  });
});
