import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { NO_ROOM_FOR_PHOTOS } from '../../src/core/disk/disk-space.schema.ts';
import { phoneJpeg } from '../fixtures/images.ts';
import { DESKTOP, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';
import { fillDisk, mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';

// A nearly full disk (docs/decisions/052) is said on the dashboard, where volunteers look first,
// while saves still work: SQLite, photos and backups in DATA_DIR on a small tmpfs of its own.

describe.skipIf(!tmpfsWorks)('a nearly full disk, in Chromium', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-low-'));
  const filler = path.join(dataDir, 'filler.bin');
  const chrome = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    mountTmpfs(dataDir, '16m');
    server = await startServer({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(async () => {
    await server?.stop();
    unmount(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('warns on the dashboard, in words, and says nothing once there is room again', async () => {
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, server.url);
    const alert = page.getByRole('alert').filter({ hasText: "The server's disk is nearly full" });
    // The dashboard again, once the disk's answer has come and been drawn.
    const reload = async () => {
      await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/admin/disk')), page.reload()]);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    };
    await reload();
    await expect(alert.count()).resolves.toBe(0);

    fillDisk(dataDir, filler, 1024 * 1024);
    await reload();
    await expect(alert.innerText()).resolves.toMatch(
      /^The server's disk is nearly full: \d+(\.\d)? [KM]B left of 16 MB \(it holds the database, photos, and backups\)\. When it is full, nothing can be saved and no backup taken: tell whoever runs the site\.$/,
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-disk-low-390');
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-disk-low-1280');

    fs.rmSync(filler);
    await reload();
    await expect(alert.count()).resolves.toBe(0);
    await context.close();
  });

  it('tells a volunteer why a photo cannot be added while the disk keeps its last room, as SPEC words each upload flow', async () => {
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, server.url);
    const file = { name: 'sports-day.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(1200, 800) };
    fillDisk(dataDir, filler, 600 * 1024);
    try {
      await page.goto(`${server.url}/admin/events`);
      await page.getByRole('button', { name: 'Add Event' }).click();
      await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(file);
      await expectNotice(page, NO_ROOM_FOR_PHOTOS);
      await keepScreenshot(page, 'admin-no-room-for-photos-390');

      // The news flow (an upload link, then the file) in a second tab of the same session: SPEC
      // words its failure notice whatever the cause, and the dashboard has said why (052).
      const news = await context.newPage();
      await news.goto(`${server.url}/admin/news`);
      await news.getByRole('button', { name: 'Add News Item' }).click();
      await news.getByRole('dialog').locator('input[type="file"]').setInputFiles(file);
      await expectNotice(news, 'Failed to upload file. Please try again.');
      await news.goto(`${server.url}/admin/dashboard`);
      await news.getByRole('alert').filter({ hasText: "The server's disk is nearly full" }).waitFor();
      await keepScreenshot(news, 'admin-no-room-dashboard-390');
    } finally {
      fs.rmSync(filler, { force: true });
    }
    await context.close();
  });
});
