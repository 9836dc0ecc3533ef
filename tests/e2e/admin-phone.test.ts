import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import {
  dialogInHistory,
  expectNoAxeViolations,
  FOCUS_SETTLES,
  keepScreenshot,
  openPage,
  PHONE,
  TOUCH_PHONE,
  useBrowser,
} from '../setup/browser.ts';
import { acceptDialogs, expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { login } from '../setup/api-client.ts';
import { create, daysFromNow, uploadImage } from '../setup/fill-site.ts';
import { DATE_HAS_PASSED } from '../../src/admin/forms/event-form.tsx';
import { DATE_STILL_TO_COME, DATE_TAKES_IT_OFF } from '../../src/admin/forms/news-form.tsx';
import { LIST_URLS } from '../../src/admin/list-urls.ts';

const sqlite = testDatabases[0]!;

/** A phone-sized photo over the 5 MB limit: 4000×3000 of noise at JPEG quality 100. */
async function hugePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** What a screen reader reads after a field's label: the texts its aria-describedby names. */
function describedText(field: Locator): Promise<string> {
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('admin on a 390 px phone in Chromium', () => {
  const suite = useServer(sqlite);
  const chrome = useBrowser();

  it('signs in and creates an event with a 12-megapixel photo that is downsized before it is sent', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithForm(page, suite.url);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /Manage Events/ }).tap();
    await page.getByRole('heading', { name: 'Manage Events' }).waitFor();
    await page.getByRole('button', { name: 'Add Event' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Create Event' });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    const photo = await hugePhoto();
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    const sent: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/upload')) sent.push(request.postDataBuffer()?.length ?? 0);
    });
    await dialog.getByLabel('Event Name').fill('Den building');
    await dialog.getByLabel('Date').fill('2031-05-01T10:00');
    await dialog.getByLabel('Booking URL').fill('https://tickets.example/den');
    await dialog.getByLabel('Description').fill('Bring rope.');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    // Decoded and downsized in the browser first: 10 s was not always enough beside another file.
    await expectNotice(page, 'Image has been uploaded successfully', { timeout: 45_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(5 * 1024 * 1024);
    await dialog.getByRole('button', { name: 'Create Event' }).tap();
    await expectNotice(page, 'Event created successfully');
    await page.getByRole('heading', { name: 'Den building' }).waitFor();

    const events = (await (await fetch(`${suite.url}/api/events`)).json()) as { imageUrl: string }[];
    const stored = await fetch(`${suite.url}${events[0]!.imageUrl}`);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(2400);

    // On the dashboard a date sits under its title on a phone, however short the title: a short
    // one used to take its date beside it and a long one under it, row by row.
    await page.goto(`${suite.url}/admin/dashboard`);
    const row = page
      .getByRole('heading', { name: 'Upcoming Events' })
      .locator('..')
      .getByRole('listitem')
      .filter({ hasText: 'Den building' });
    const title = await row.locator('span').first().boundingBox();
    const when = await row.locator('span').nth(1).boundingBox();
    expect(when!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
    await close();
  }, 90_000); // a 12-megapixel photo decoded and downsized in the browser: 20 s alone on a slow 2-core machine, more beside another file

  it('accepts a photo dropped on the upload area and asks before unsaved edits are lost', async () => {
    const { page, close } = await openPage(chrome.browser, { viewport: PHONE });
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/gallery`);
    await page.getByRole('button', { name: 'Add your first image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Gallery Image' });
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    await page.evaluate(
      async (bytes) => {
        const file = new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' });
        const transfer = new DataTransfer();
        transfer.items.add(file);
        const zone = document.querySelector('[data-testid="image-drop-zone"]')!;
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      [...png],
    );
    await expectNotice(page, 'Upload successful');
    await dialog.getByLabel('Caption (optional)').fill('Typed but not saved');
    // A tap on the notice's close button closes the notice, not the dialog.
    await page.locator('li.notice button[aria-label="Dismiss notification"]').click();
    await page.locator('li.notice[data-state="open"]').waitFor({ state: 'detached' });
    await expect(dialog.getByLabel('Caption (optional)').inputValue()).resolves.toBe('Typed but not saved');

    const questions: string[] = [];
    let answer = false;
    page.on('dialog', (browserDialog) => {
      questions.push(browserDialog.message());
      void (answer ? browserDialog.accept() : browserDialog.dismiss());
    });
    await page.keyboard.press('Escape');
    expect(questions).toEqual(['You have unsaved changes. Leave without saving?']);
    await expect(dialog.getByLabel('Caption (optional)').inputValue()).resolves.toBe('Typed but not saved');
    answer = true;
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(questions).toHaveLength(2);

    await page.goto(`${suite.url}/admin/who-we-are`);
    await page.getByLabel('About Us').fill('Unsaved words');
    answer = false;
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    expect(questions).toHaveLength(3);
    expect(page.url()).toBe(`${suite.url}/admin/who-we-are`);
    answer = true;
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard`);
    await close();
  });

  it("keeps a caption's words whole in the gallery list on a phone, and a caption of one long address inside the list", async () => {
    const token = await login(suite);
    const add = async (caption: string) =>
      create(suite.url, token, '/api/admin/gallery', { imageUrl: await uploadImage(suite.url, token, 3), caption });
    const { page, close } = await openPage(chrome.browser, { viewport: PHONE });
    await signInWithForm(page, suite.url);
    const caption = page.locator('td', { hasText: 'Volcano experiment' }).first();
    // A word cut in two lies on two lines: its letters then have two boxes.
    const wordBoxes = () =>
      caption.evaluate((cell) => {
        const text = cell.firstChild!;
        const range = document.createRange();
        range.setStart(text, text.textContent!.indexOf('experiment'));
        range.setEnd(text, text.textContent!.indexOf('experiment') + 'experiment'.length);
        return range.getClientRects().length;
      });
    const sideways = () =>
      caption.evaluate((cell) => {
        const list = cell.closest('div')!;
        return list.scrollWidth - list.clientWidth;
      });
    const atWidths = async (check: (width: number) => Promise<void>) => {
      for (const width of [PHONE.width, 360]) {
        await page.setViewportSize({ width, height: PHONE.height });
        await check(width);
      }
    };
    await add('Volcano experiment');
    await page.goto(`${suite.url}/admin/gallery`);
    await caption.waitFor();
    await atWidths(async (width) => expect(await wordBoxes(), `${width} px`).toBe(1));
    // A caption of one long address is broken instead: the list does not scroll sideways, and
    // every row's buttons stay in sight.
    await add('https://photos.example.org/2026/volcano-experiment-in-the-year-five-classroom');
    await page.reload();
    await caption.waitFor();
    await atWidths(async (width) => expect(await sideways(), `${width} px`).toBeLessThanOrEqual(0));
    await close();
  });

  it('shows the loading texts while data loads, and works with the keyboard alone', async () => {
    const { page, close } = await openPage(chrome.browser);
    await page.goto(`${suite.url}/admin`);
    await page.getByLabel('Username').focus();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('correct-horse-battery-staple');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.url}/admin/dashboard`);
    await page.getByRole('link', { name: /Manage Events/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Manage Events' }).waitFor();

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${LIST_URLS.news}`, async (route) => {
      await held;
      await route.continue();
    });
    // Data read once is kept (SPEC §9), so a fresh load of the screen shows the loading text.
    await page.goto(`${suite.url}/admin/news`);
    await page.getByText('Loading news items...').waitFor();
    release();
    await page.getByText('No news items found. Create one to get started.').waitFor();

    await page.getByRole('button', { name: 'Add News Item' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create News Item' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))), FOCUS_SETTLES).toBe(true);
    await page.keyboard.type('Typed with keys');
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe('Typed with keys');
    await close();
  });

  it('refuses an undecodable file over the limit before sending it, and shows upload progress', async () => {
    const { page, close } = await openPage(chrome.browser);
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/events`);
    await page.getByRole('button', { name: 'Add Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Event' });
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/upload')) uploads.push(request.url());
    });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'IMG_1.heic', mimeType: 'image/heic', buffer: Buffer.alloc(6 * 1024 * 1024, 7) });
    await expectNotice(page, 'Image must be less than 5MB');
    expect(uploads).toEqual([]);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/upload', async (route) => {
      await held;
      await route.continue();
    });
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Uploading...' }).waitFor();
    await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Create Event' }).isDisabled()).resolves.toBe(true);
    release();
    await expectNotice(page, 'Upload successful');
    await dialog.getByRole('button', { name: 'Change Image' }).waitFor();

    // A phone's HEIC photo, which the browser cannot draw, with no type as Windows gives it: sent
    // as it is, and read by the server.
    const preview = dialog.locator('img').first();
    const before = await preview.getAttribute('src');
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/red-blue-600x400.heic'));
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'IMG_2.HEIC', mimeType: '', buffer: heic });
    await expect.poll(() => preview.getAttribute('src'), { timeout: 20_000 }).not.toBe(before);
    expect(uploads).toHaveLength(2);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await close();
  });

  it("marks last year's event 'Past Event' beside this year's of the same name, so that the right one is edited, and says when a new event's date has passed", async () => {
    const token = await login(suite);
    const fair = { comment: 'Tombola and hot chocolate.', bookingUrl: 'https://booking.example.org/fair' };
    await create(suite.url, token, '/api/admin/events', { ...fair, name: 'Christmas fair stall', date: daysFromNow(-340, 14) });
    await create(suite.url, token, '/api/admin/events', { ...fair, name: 'Christmas fair stall', date: daysFromNow(25, 14) });
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/events`);
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Christmas fair stall' }) });
    await expect.poll(() => cards.count()).toBe(2);
    const pastCards = cards.filter({ hasText: 'Past Event' });
    await expect.poll(() => pastCards.count()).toBe(1);
    // The badge sits on the card dated last year, not on this year's.
    const pastWhen = await pastCards.locator('p.text-sm').first().innerText();
    expect(new Date(pastWhen.replace(' at ', ' ')).getTime()).toBeLessThan(Date.now());
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-events-past-on-phone', { fullPage: true });
    // The question before a delete names the date too.
    await pastCards.getByRole('button', { name: /Delete/ }).tap();
    const question = page.getByRole('alertdialog');
    await expect.poll(() => question.innerText()).toContain(`"Christmas fair stall" on ${pastWhen}.`);
    await question.getByRole('button', { name: 'Cancel' }).tap();

    // A new event dated in the past (last year's year typed in January) is told so as it is typed, and still allowed.
    await page.getByRole('button', { name: 'Add Event' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Create Event' });
    const date = dialog.getByLabel('Date');
    const describedBy = () => describedText(date);
    await date.fill(daysFromNow(-30).slice(0, 16));
    await expect.poll(describedBy).toContain(DATE_HAS_PASSED);
    await expect.poll(() => dialog.getByText(DATE_HAS_PASSED).isVisible()).toBe(true);
    await keepScreenshot(page, 'admin-event-date-passed-on-phone');
    await date.fill(daysFromNow(30).slice(0, 16));
    await expect.poll(describedBy).not.toContain(DATE_HAS_PASSED);
    await close();
  });

  it("says when a news item's date is still to come, and not for today; saved, it is marked scheduled and not on the site", async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Create News Item' });
    const date = dialog.getByLabel('Publication Date');
    await date.fill(daysFromNow(366).slice(0, 10));
    await expect.poll(() => describedText(date)).toContain(DATE_STILL_TO_COME);
    await keepScreenshot(page, 'admin-news-date-to-come-on-phone');
    // Today as the club's time zone counts it (the form starts there).
    await date.fill(await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())));
    await expect.poll(() => describedText(date)).not.toContain(DATE_STILL_TO_COME);
    await date.fill(daysFromNow(-400).slice(0, 10));
    await expect.poll(() => describedText(date)).not.toContain(DATE_STILL_TO_COME);

    // Saved a week ahead: the admin's card says when it will be on the site and offers no link to
    // a page visitors cannot see yet, but a preview; the dashboard says so too; the site shows
    // nothing of it.
    const ahead = daysFromNow(7).slice(0, 10);
    const shown = new Date(`${ahead}T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await dialog.getByLabel('Title').fill('Tree planting next week');
    await date.fill(ahead);
    await dialog.getByRole('button', { name: 'Create News Item' }).tap();
    await expectNotice(page, 'News item created successfully');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tree planting next week' }) });
    await expect.poll(() => card.getByText(`Scheduled: on the site from ${shown}`).isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: /View on site/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-news-scheduled-on-phone');
    // Its preview (docs/decisions/106): the page as parents will see it, under a note of when.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('link', { name: 'Preview: Tree planting next week (opens in a new tab)' }).tap(),
    ]);
    await tab.waitForLoadState();
    expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe('Tree planting next week');
    expect(await tab.getByRole('complementary', { name: `Preview: on the site from ${shown}` }).isVisible()).toBe(true);
    await expectNoAxeViolations(tab);
    await keepScreenshot(tab, 'admin-news-preview-on-phone');
    await tab.getByRole('link', { name: 'Back to Manage News' }).tap();
    await tab.getByRole('heading', { name: 'Manage News' }).waitFor();
    await tab.close();
    await page.goto(`${suite.url}/admin/dashboard`);
    await expect.poll(() => page.getByText(`Scheduled: on the site from ${shown}`).isVisible()).toBe(true);
    expect(await (await fetch(`${suite.url}/news`)).text()).not.toContain('Tree planting next week');
    await close();
  });

  /** A news item on the site since `daysAgo`, and a phone signed in to the admin. */
  async function newsOnSiteAndPhone(title: string, daysAgo: number) {
    const item = await create(suite.url, await login(suite), '/api/admin/news', {
      title,
      content: '<p>On the site</p>',
      publishedAt: daysFromNow(-daysAgo).slice(0, 10),
    });
    const opened = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithForm(opened.page, suite.url);
    return { item, ...opened };
  }

  it('warns that a date ahead takes a news item parents can read now off the site until then', async () => {
    const { item, page, close } = await newsOnSiteAndPhone('Sports day results', 2);
    await page.goto(`${suite.url}/admin/news?edit=${item.id}`);
    const date = page.getByRole('dialog', { name: 'Edit News Item' }).getByLabel('Publication Date');
    await date.fill(daysFromNow(366).slice(0, 10));
    await expect.poll(() => describedText(date)).toContain(DATE_TAKES_IT_OFF);
    expect(await describedText(date)).not.toContain(DATE_STILL_TO_COME);
    await keepScreenshot(page, 'admin-news-date-takes-it-off-on-phone');
    await date.fill(daysFromNow(-2).slice(0, 10));
    await expect.poll(() => describedText(date)).not.toContain(DATE_TAKES_IT_OFF);
    await close();
  });

  it("closes the dialog on top with the phone's Back, asking first for typed text, and leaves the screen only after", async () => {
    const { item, page, errors, close } = await newsOnSiteAndPhone('Back button test', 1);
    await page.goto(`${suite.url}/admin/news`);
    const heading = page.getByRole('heading', { name: 'Manage News' });
    await heading.waitFor();
    const form = page.getByRole('dialog', { name: 'Create News Item' });
    const questions: string[] = [];
    let answer = false;
    page.on('dialog', (browserDialog) => {
      questions.push(browserDialog.message());
      void (answer ? browserDialog.accept() : browserDialog.dismiss());
    });

    // Nothing typed: Back closes the form and stays on Manage News.
    await page.getByRole('button', { name: 'Add News Item' }).tap();
    await form.waitFor();
    await dialogInHistory(page);
    await page.goBack();
    await form.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${suite.url}/admin/news`);
    expect(await heading.isVisible()).toBe(true);
    expect(questions).toEqual([]);

    // Typed text: Back asks; staying keeps the form and the text, and the next Back asks again.
    await page.getByRole('button', { name: 'Add News Item' }).tap();
    await form.getByLabel('Title').fill('Half written');
    await dialogInHistory(page);
    await page.goBack();
    await expect.poll(() => questions).toEqual(['You have unsaved changes. Leave without saving?']);
    expect(await form.getByLabel('Title').inputValue()).toBe('Half written');
    answer = true;
    await dialogInHistory(page);
    await page.goBack();
    await form.waitFor({ state: 'detached' });
    expect(questions).toHaveLength(2);
    expect(page.url()).toBe(`${suite.url}/admin/news`);

    // 'Are you sure?' before a delete: Back is Cancel, and the item stays.
    await page.getByRole('button', { name: `Delete ${item.title}` }).tap();
    const sure = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await sure.waitFor();
    await dialogInHistory(page);
    await page.goBack();
    await sure.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: item.title }).isVisible()).toBe(true);

    // Closed with its own button, a dialog leaves no step behind: Back goes to the dashboard.
    await page.getByRole('button', { name: 'Add News Item' }).tap();
    await form.waitFor();
    await form.getByRole('button', { name: 'Close' }).tap();
    await form.waitFor({ state: 'detached' });
    await dialogInHistory(page, false);
    await page.goBack();
    await page.waitForURL(`${suite.url}/admin/dashboard`);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a form again, with what was typed, after the page is reloaded with it open, and leaves no Back that does nothing', async () => {
    const { item, page, errors, close } = await newsOnSiteAndPhone('Reloaded while open', 1);
    const token = await login(suite);
    const doomed = await create(suite.url, token, '/api/admin/news', {
      title: 'Deleted meanwhile',
      content: '<p>x</p>',
      publishedAt: daysFromNow(-3).slice(0, 10),
    });
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Monthly walk',
      date: daysFromNow(5),
      comment: 'A walk.',
      bookingUrl: 'https://tickets.example.org/walk',
    });
    const questions = acceptDialogs(page);
    const dashboard = `${suite.url}/admin/dashboard`;
    const news = `${suite.url}/admin/news`;
    const heading = page.getByRole('heading', { name: 'Manage News' });
    const openNews = async () => {
      await page.goto(news);
      await heading.waitFor();
    };
    /** Taps `button` and waits for `dialog` and the history entry it adds. */
    const openWith = async (button: Locator, dialog: Locator) => {
      await button.tap();
      await dialog.waitFor();
      await dialogInHistory(page);
    };
    /** One Back leaves the screen for the dashboard it was opened from. */
    const oneBackLeaves = async () => {
      await page.goBack();
      await page.waitForURL(dashboard);
    };

    // The create form, with a title typed (a thumb pulling the page down): it opens again with
    // the title, in the history entry it had; Back closes it (asking), and the next leaves.
    await openNews();
    const form = page.getByRole('dialog', { name: 'Create News Item' });
    await page.getByRole('button', { name: 'Add News Item' }).tap();
    await form.getByLabel('Title').fill('Typed before the reload');
    await dialogInHistory(page);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.entries(localStorage).some(([key, value]) => key.startsWith('club-draft:') && value.includes('Typed before')),
        ),
      )
      .toBe(true);
    const entries = await page.evaluate(() => history.length);
    await page.reload();
    await form.getByText('Draft restored.').waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Typed before the reload');
    await dialogInHistory(page);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goBack();
    await form.waitFor({ state: 'detached' });
    expect(questions).toContain('You have unsaved changes. Leave without saving?');
    expect(page.url()).toBe(news);
    await oneBackLeaves();

    // An item's edit form opens again for that item.
    await openNews();
    const edit = page.getByRole('dialog', { name: 'Edit News Item' });
    await openWith(page.getByRole('button', { name: `Edit ${item.title}` }), edit);
    await page.reload();
    await edit.waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe(item.title);
    await edit.getByRole('button', { name: 'Close' }).tap();
    await edit.waitFor({ state: 'detached' });
    await oneBackLeaves();

    // An item deleted meanwhile: said so, and one Back leaves the screen.
    await openNews();
    await openWith(page.getByRole('button', { name: `Edit ${doomed.title}` }), edit);
    expect(
      (await fetch(`${suite.url}/api/admin/news/${doomed.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    await page.reload();
    await expectNotice(page, 'That news item is not on the site any more');
    expect(await edit.count()).toBe(0);
    await oneBackLeaves();

    // A question ('Are you sure?') does not come back after a reload, and leaves no entry either.
    await openNews();
    const sure = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await openWith(page.getByRole('button', { name: `Delete ${item.title}` }), sure);
    await page.reload();
    await heading.waitFor();
    await dialogInHistory(page, false);
    expect(await sure.count()).toBe(0);
    await oneBackLeaves();

    // A copy of an event opens again as that copy.
    await page.goto(`${suite.url}/admin/events`);
    const copy = page.getByRole('dialog', { name: 'Create Event' });
    await openWith(page.getByRole('button', { name: `Copy ${event.name}` }), copy);
    await page.reload();
    await copy.waitFor();
    expect(await copy.getByLabel('Event Name').inputValue()).toBe(event.name);
    expect(errors).toEqual([]);
    await close();
  });

  it("opens the 'Change your password' card where a password manager sends an administrator", async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/.well-known/change-password`);
    expect(page.url()).toBe(`${suite.url}/admin/administrators#change-password`);
    const card = page.getByRole('heading', { name: 'Change your password' });
    await card.waitFor();
    // Below the list of administrators on a phone, and scrolled to once the list has loaded.
    await page.getByText('Loading administrators...').waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        card.evaluate(
          (heading) => heading.getBoundingClientRect().top >= 0 && heading.getBoundingClientRect().bottom <= window.innerHeight,
        ),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await close();
  });

  it('shows the in-app not-found screen for unknown admin paths', async () => {
    const { page, close } = await openPage(chrome.browser);
    await signInWithForm(page, suite.url);
    const answer = await page.goto(`${suite.url}/admin/no-such-screen`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await close();
  });

  it('puts a photo pasted into the news text in smaller, with what it shows, and the site keeps it without where it was taken', async () => {
    const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Create News Item' });
    await dialog.getByLabel('Title').fill('Sports day');
    await dialog.getByLabel('Publication Date').fill('2026-06-20');
    const editor = dialog.locator('.ql-editor');
    await editor.tap();
    await page.keyboard.type('What a day.');
    // A 12-megapixel phone photo with its GPS position, as the clipboard holds it: 4.5 MB of
    // text inserted as it is, more than a news item holds.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#1e8449' } })
      .composite([{ input: Buffer.from('<svg width="4000" height="3000"><circle cx="2000" cy="1500" r="1200" fill="#f4d03f"/></svg>') }])
      .jpeg({ quality: 92 })
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    await editor.evaluate((element, base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'IMG_0420.jpg', { type: 'image/jpeg' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, photo.toString('base64'));
    const pasted = editor.locator('img');
    await pasted.waitFor({ timeout: 30_000 });
    const size = await pasted.evaluate((img: HTMLImageElement) =>
      img.decode().then(() => [img.naturalWidth, img.naturalHeight, img.src.length]),
    );
    expect(size.slice(0, 2)).toEqual([1024, 768]);
    expect(size[2]).toBeLessThan(300_000);
    // What it shows, for visitors who cannot see it: Quill has no place for it, the form has.
    await dialog.getByLabel('What picture 1 shows (for visitors who cannot see it)').fill('Children racing on the field');
    await expect.poll(() => pasted.getAttribute('alt')).toBe('Children racing on the field');
    await keepScreenshot(dialog, 'news-picture-description-390');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create News Item' }).tap();
    await expectNotice(page, 'News item created successfully');

    const news = ((await (await fetch(`${suite.url}/api/news`)).json()) as { title: string; content: string }[]).find(
      (item) => item.title === 'Sports day',
    );
    const kept = /<img src="data:image\/webp;base64,([^"]+)"/.exec(news!.content);
    expect(kept, news!.content.slice(0, 200)).not.toBeNull();
    const meta = await sharp(Buffer.from(kept![1]!, 'base64')).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1024, 768, undefined]);
    expect(news!.content).toContain('What a day.');
    expect(news!.content).toMatch(
      /<img src="data:image\/webp;base64,[^"]+" alt="Children racing on the field" width="1024" height="768" \/>/,
    );
    const newsPage = await (await fetch(`${suite.url}/news`)).text();
    expect(newsPage).toMatch(/<img src="\/images\/text\/[a-z0-9]+\/[A-Za-z0-9_-]{22}\.webp" alt="Children racing on the field"/);
    await close();
  }, 60_000);
});
