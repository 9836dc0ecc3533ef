import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSite } from '../../scripts/bench-large-site.ts';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { expectNoAxeViolations, openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// Years of a club's content on a volunteer's phone: the admin's lists show 25 at a time with a
// box to find one, where 5,000 photos were 45,000 elements and 5,000 image requests at once.

describe("the admin's long lists, in Chromium on a phone", () => {
  const chrome = useBrowser();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-long-lists-'));
  let server: RunningServer;
  beforeAll(async () => {
    await fillSite(dataDir, { news: 60, events: 30, photos: 60 });
    server = await startServer({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the gallery shows 25 photos and asks for 25 images, then more on request, and finds one by its caption', async () => {
    const { page, requests, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, server.url);
    await page.goto(`${server.url}/admin/gallery`);
    const rows = page.locator('tbody tr');
    const status = page.getByRole('status');
    await status.filter({ hasText: 'Showing 25 of 60.' }).waitFor();
    expect(await rows.count()).toBe(25);
    // The photos' own site is out of reach here; what counts is how many the page asked for.
    const photoRequests = () => requests.filter((url) => url.startsWith('https://photos.example.org/')).length;
    expect(photoRequests()).toBeLessThanOrEqual(25);

    const more = page.getByRole('button', { name: 'Show more' });
    await more.click();
    await status.filter({ hasText: 'Showing 50 of 60.' }).waitFor();
    expect(await rows.count()).toBe(50);
    await more.click();
    await expect.poll(() => rows.count()).toBe(60);
    expect(await more.count()).toBe(0);

    const find = page.getByLabel('Find an image by its caption');
    await find.fill('photo 7 RAFT');
    const captions = async () => (await page.locator('tbody tr td:nth-child(2)').allTextContents()).sort();
    await expect.poll(captions).toEqual([17, 27, 37, 47, 57, 7].map((n) => `Photo ${n} from the raft race`));
    await find.fill('zebra');
    await page.getByText('Nothing matches “zebra”.').waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('news and events show 25 at a time, and a news item is found by its title', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, server.url);
    await page.goto(`${server.url}/admin/news`);
    const cards = page.locator('main li h2');
    await page.getByRole('status').filter({ hasText: 'Showing 25 of 60.' }).waitFor();
    expect(await cards.count()).toBe(25);
    await page.getByLabel('Find a news item by its title').fill('number 42');
    await expect.poll(() => cards.allTextContents()).toEqual(['News item number 42']);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto(`${server.url}/admin/events`);
    await page.getByRole('status').filter({ hasText: 'Showing 25 of 30.' }).waitFor();
    expect(await cards.count()).toBe(25);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => cards.count()).toBe(30);
    await close();
  });
});
