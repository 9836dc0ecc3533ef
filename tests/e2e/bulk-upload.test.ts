import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNotice, signInWithCookie } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';

const sqlite = testDatabases[0]!;

interface GalleryItem {
  imageUrl: string;
  caption: string | null;
}

async function photo(index: number, width = 640, height = 480) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: (index * 37) % 256, g: 120, b: 200 - index * 5 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { name: `IMG_${String(index).padStart(4, '0')}.jpg`, mimeType: 'image/jpeg', buffer };
}

async function openBulkDialog(page: Page, url: string) {
  await page.goto(`${url}/admin/gallery`);
  await page.getByRole('button', { name: 'Upload Photos' }).click();
  return page.getByRole('dialog', { name: 'Upload Photos' });
}

async function sidewaysScroll(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]')!;
    return [document.documentElement.scrollWidth - document.documentElement.clientWidth, dialog.scrollWidth - dialog.clientWidth];
  });
}

describe('bulk photo upload in Manage Gallery', () => {
  const suite = useServer(sqlite);
  const chrome = useBrowser();

  it('uploads 20 photos from a phone two at a time with a progress bar each, retries the one that failed, and adds them with captions', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, suite.url);
    const dialog = await openBulkDialog(page, suite.url);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Choose Photos');

    const files = await Promise.all(Array.from({ length: 20 }, (_, i) => (i === 4 ? photo(i + 1, 3600, 2400) : photo(i + 1))));
    // The first two uploads are held until the test has seen the queue; IMG_0007's connection is
    // cut once, as a phone losing its signal would (found by its name: the 3600 px photo before
    // it is made smaller first, and on a busy machine it may be sent seventh).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: number[] = [];
    let cut = false;
    await page.route('**/api/admin/upload', async (route) => {
      const body = route.request().postDataBuffer();
      sent.push(body?.length ?? 0);
      if (sent.length <= 2) await held;
      if (!cut && body?.includes('filename="IMG_0007.jpg"')) {
        cut = true;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await dialog.locator('input[type="file"]').setInputFiles(files);

    await expect.poll(() => dialog.getByRole('progressbar').count()).toBe(20);
    await expect.poll(() => dialog.getByText('Uploading...', { exact: true }).count()).toBe(2);
    expect(await dialog.getByText('Waiting...', { exact: true }).count()).toBe(18);
    expect(await dialog.getByRole('button', { name: 'Add photos to gallery' }).isDisabled()).toBe(true);
    // Captions can be typed while the photos upload.
    await dialog.getByLabel('Caption (optional) for IMG_0001.jpg').fill('Den building in the woods');
    release();

    await dialog.getByText('19 of 20 uploaded, 1 failed').waitFor({ timeout: 30_000 });
    const failed = dialog.getByTestId('bulk-photo').filter({ hasText: 'Failed' });
    expect(await failed.count()).toBe(1);
    expect(await failed.locator('p').first().textContent()).toBe('IMG_0007.jpg');
    await expect(failed.getByText('Failed: An error occurred while uploading the image').count()).resolves.toBe(1);
    await dialog.getByLabel('Caption (optional) for IMG_0007.jpg').fill('Marshmallows');
    await dialog.getByLabel('Caption (optional) for IMG_0020.jpg').fill('Home time');
    expect(await sidewaysScroll(page)).toEqual([0, 0]);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Retry IMG_0007.jpg' }).tap();
    await dialog.getByText('20 of 20 uploaded').waitFor();
    expect(sent).toHaveLength(21);
    // The 3600 px photo was made smaller in the browser before it was sent.
    expect(Math.max(...sent)).toBeLessThan(files[4]!.buffer.length);

    await dialog.getByRole('button', { name: 'Add 20 photos to gallery' }).tap();
    await expectNotice(page, '20 photos added to gallery');
    await dialog.waitFor({ state: 'detached' });

    const gallery = (await (await fetch(`${suite.url}/api/gallery`)).json()) as GalleryItem[];
    expect(gallery).toHaveLength(20);
    // Newest first, so the photos read in the order they were chosen.
    expect(gallery.map((image) => image.caption)).toEqual([
      'Den building in the woods',
      ...Array<null>(5).fill(null),
      'Marshmallows',
      ...Array<null>(12).fill(null),
      'Home time',
    ]);
    expect(new Set(gallery.map((image) => image.imageUrl)).size).toBe(20);
    const big = await fetch(`${suite.url}${gallery[4]!.imageUrl}`);
    const meta = await sharp(Buffer.from(await big.arrayBuffer())).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(2400);

    await page.goto(`${suite.url}/gallery`);
    await page.getByText('Marshmallows').first().waitFor();
    await close();
  });

  it('accepts photos dropped on it at 1280 px, refuses a file that is not an image without a retry, and keeps long names inside at 320 px', async () => {
    for (const viewport of [DESKTOP, { width: 320, height: 640 }]) {
      const { page, close } = await openPage(chrome.browser, { viewport });
      await signInWithCookie(page, suite.url);
      const dialog = await openBulkDialog(page, suite.url);
      const png = await photo(30);
      const longName = `${'sports-day-finish-line-'.repeat(5)}photo.jpg`;
      await page.evaluate(
        async ({ bytes, longName }) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([new Uint8Array(bytes)], longName, { type: 'image/jpeg' }));
          transfer.items.add(new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
          const zone = document.querySelector('[data-testid="bulk-drop-zone"]')!;
          zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
          zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        },
        { bytes: [...png.buffer], longName },
      );
      await dialog.getByText('1 of 2 uploaded, 1 failed').waitFor();
      const notes = dialog.getByTestId('bulk-photo').filter({ hasText: 'notes.txt' });
      await notes.getByText('Failed: Please upload an image file (jpg, jpeg, png, gif)').waitFor();
      expect(await notes.getByRole('button', { name: /Retry/ }).count()).toBe(0);
      expect(await sidewaysScroll(page)).toEqual([0, 0]);
      await expectNoAxeViolations(page);

      // Closing with photos not yet added asks first; saying no keeps them.
      const questions: string[] = [];
      page.once('dialog', (question) => {
        questions.push(question.message());
        void question.dismiss();
      });
      await page.keyboard.press('Escape');
      expect(questions).toEqual(['You have unsaved changes. Leave without saving?']);
      expect(await dialog.getByTestId('bulk-photo').count()).toBe(2);

      await dialog.getByRole('button', { name: 'Remove notes.txt' }).click();
      await dialog.getByText('1 of 1 uploaded').waitFor();
      await dialog.getByRole('button', { name: 'Add 1 photo to gallery' }).click();
      await expectNotice(page, 'Image added to gallery');
      await dialog.waitFor({ state: 'detached' });
      await close();
    }
    const gallery = (await (await fetch(`${suite.url}/api/gallery`)).json()) as GalleryItem[];
    expect(gallery).toHaveLength(22);
  });
});
