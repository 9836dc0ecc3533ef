import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BACKUP_NOT_WRITTEN } from '../../src/core/backup/archive-format.ts';
import { phoneJpeg } from '../fixtures/images.ts';
import { testDatabases } from '../setup/databases.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { call, login } from '../setup/api-client.ts';
import { expectNoAxeViolations, openPage, PHONE, useBrowser } from '../setup/browser.ts';
import { acceptDialogs, expectNotice, PHOTO_STORED, signInWithCookie } from '../setup/admin-browser.ts';
import { fillDisk, mountTmpfs, tmpfsWorks, unmount } from '../setup/tmpfs.ts';

const sqlite = testDatabases[0]!;

async function photo(width = 1600, height = 1000) {
  return { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await phoneJpeg(width, height) };
}

async function adminPage(browser: Parameters<typeof openPage>[0], url: string, path: string) {
  const opened = await openPage(browser);
  await signInWithCookie(opened.page, url);
  await opened.page.goto(`${url}${path}`);
  return opened;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** Follows an item's 'View on site' into the tab it opens: the heading of the page there. */
async function viewOnSite(page: Page, name: string): Promise<string | null> {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: `View on site: ${name} (opens in a new tab)` }).click(),
  ]);
  await tab.waitForLoadState();
  const heading = await tab.getByRole('heading', { level: 1 }).textContent();
  await tab.close();
  return heading;
}

describe('admin content screens in Chromium', () => {
  const suite = useServer(sqlite, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();

  it('creates, edits and deletes a news item with the rich-text editor and the news image flow', async () => {
    const { page, errors, close } = await adminPage(chrome.browser, suite.url, '/admin/news');
    await page.getByText('No news items found. Create one to get started.').waitFor();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).resolves.toBe('/admin/dashboard');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add News Item' }).click();
    const create = dialog(page, 'Create News Item');
    await create.waitFor();
    const box = await create.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(500);
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    expect(Math.abs(Date.parse(await create.getByLabel('Publication Date').inputValue()) - Date.parse(today))).toBeLessThanOrEqual(
      86_400_000,
    );
    // Client-side rules first: nothing is sent.
    await create.getByRole('button', { name: 'Create News Item' }).click();
    await create.getByText('Title is required').waitFor();

    await create.getByLabel('Title').fill('Reading shed opens');
    await create.getByLabel('Publication Date').fill('2026-03-05');
    const editor = create.locator('.ql-editor');
    await editor.waitFor();
    await expect(create.locator('.ql-toolbar button[aria-label="Bold"]').count()).resolves.toBe(1);
    await expect(create.locator('.ql-toolbar .ql-picker.ql-header').count()).resolves.toBe(1);
    await expect(create.locator('.ql-toolbar .ql-picker.ql-font').count()).resolves.toBe(1);
    await editor.click();
    await page.keyboard.type('Thanks to every dad who helped.');
    await create.locator('input[type="file"]').setInputFiles(await photo());
    await create.getByText('Uploaded!').waitFor({ timeout: 15_000 });
    await create.getByText('Change Image').waitFor();
    await expectNoAxeViolations(page);
    await create.getByRole('button', { name: 'Create News Item' }).click();
    await expectNotice(page, 'News item created successfully');
    await expect(create.count()).resolves.toBe(0);
    await page.getByRole('heading', { name: 'Reading shed opens' }).waitFor();
    await page.getByText('March 5, 2026').waitFor();

    // Its page on the site, as parents see it, in a tab of its own.
    await expect(viewOnSite(page, 'Reading shed opens')).resolves.toBe('Reading shed opens');

    const publicNews = await (await fetch(`${suite.url}/news`)).text();
    expect(publicNews).toContain('Reading shed opens');
    expect(publicNews).toContain('Thanks to every dad who helped.');
    expect(publicNews).toMatch(/<source type="image\/avif" srcSet="\/images\//i);

    // The create dialog comes back empty, with today's date.
    await page.getByRole('button', { name: 'Add News Item' }).click();
    await expect(dialog(page, 'Create News Item').getByLabel('Title').inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Edit Reading shed opens' }).click();
    const edit = dialog(page, 'Edit News Item');
    await expect(edit.getByLabel('Title').inputValue()).resolves.toBe('Reading shed opens');
    await expect(edit.getByLabel('Publication Date').inputValue()).resolves.toBe('2026-03-05');
    await edit.getByLabel('Title').fill('Reading shed now open');
    await edit.getByRole('button', { name: 'Update News Item' }).click();
    await expectNotice(page, 'News item updated successfully');
    await page.getByRole('heading', { name: 'Reading shed now open' }).waitFor();

    await page.getByRole('button', { name: 'Delete Reading shed now open' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm.innerText()).resolves.toContain(
      'permanently delete the news item "Reading shed now open". This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Delete Reading shed now open' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'News item deleted successfully');
    await page.getByText('No news items found. Create one to get started.').waitFor();
    // A wrong tap undone: 'Undo' in the notice brings it back, on the site too.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectNotice(page, 'Restored: it is back on the site as it was.');
    await page.getByRole('button', { name: 'Delete Reading shed now open' }).waitFor();
    expect(await (await fetch(`${suite.url}/news`)).text()).toContain('Reading shed now open');
    await page.getByRole('button', { name: 'Delete Reading shed now open' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'News item deleted successfully');
    await page.getByText('No news items found. Create one to get started.').waitFor();
    // Then for ever, from Recently deleted below the list.
    await page.getByText('Recently deleted (1)').click();
    await expectNoAxeViolations(page);
    // Its picture is shown to the administrator, and withdrawn from visitors while it is deleted.
    const thumbnail = page.locator('details li img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const thumbnailUrl = await thumbnail.getAttribute('src');
    expect(thumbnailUrl).toMatch(/^\/images\//);
    expect((await fetch(`${suite.url}${thumbnailUrl}`)).status).toBe(404);
    await page.getByRole('button', { name: 'Delete for ever Reading shed now open' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'Deleted for ever.');
    await page.getByText(/^Recently deleted/).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('creates, edits and deletes an event with a direct upload, showing client and server validation', async () => {
    const { page, close } = await adminPage(chrome.browser, suite.url, '/admin/events');
    await page.getByText('No events found. Create one to get started.').waitFor();
    await page.getByRole('button', { name: 'Add Event' }).click();
    const create = dialog(page, 'Create Event');
    await expect(create.getByLabel('Description').getAttribute('rows')).resolves.toBe('5');
    await create.getByRole('button', { name: 'Create Event' }).click();
    for (const message of ['Event name is required', 'Booking URL is required', 'Description is required'])
      await create.getByText(message).waitFor();

    // The form checks with the API's own schema, so the same message comes before any request.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/events')) posts.push(request.url());
    });
    await create.getByLabel('Event Name').fill('x'.repeat(201));
    await create.getByLabel('Date').fill('2030-06-01T10:30');
    // Typed as on a phone, without https://: completed as the field is left (docs/decisions/076).
    await create.getByLabel('Booking URL').fill('tickets.example/picnic');
    await create.getByLabel('Description').fill('Bring a blanket.');
    await expect(create.getByLabel('Booking URL').inputValue()).resolves.toBe('https://tickets.example/picnic');
    await create.getByRole('button', { name: 'Create Event' }).click();
    await create.getByText('Event name must be at most 200 characters').waitFor();
    expect(posts).toEqual([]);
    // What the server refuses shows the same way: here the request is altered on its way out.
    await create.getByLabel('Event Name').fill('Summer picnic');
    await page.route('**/api/admin/events', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), name: 'x'.repeat(201) }) }),
    );
    await create.getByRole('button', { name: 'Create Event' }).click();
    await expectNotice(page, 'Failed to create event: 400:');
    await create.getByText('Event name must be at most 200 characters').waitFor();
    await page.unroute('**/api/admin/events');
    // Nothing typed is lost.
    await expect(create.getByLabel('Description').inputValue()).resolves.toBe('Bring a blanket.');

    await create.getByLabel('Event Name').fill('Summer picnic');
    await create.getByLabel('Location').fill('School field');
    await create.getByLabel('Organiser').fill('Tom');
    await create.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectNotice(page, 'Please upload an image file (jpg, jpeg, png, gif)');
    await create.locator('input[type="file"]').setInputFiles(await photo());
    await expectNotice(page, 'Image has been uploaded successfully');
    await create.locator('img[alt="Preview of the chosen image"]').waitFor();
    await create.getByRole('button', { name: 'Create Event' }).click();
    await expectNotice(page, 'Event created successfully');
    await page.getByRole('heading', { name: 'Summer picnic' }).waitFor();
    await page.getByText('June 1, 2030').waitFor();
    await expect(page.getByRole('link', { name: 'https://tickets.example/picnic' }).getAttribute('target')).resolves.toBe('_blank');
    await expectNoAxeViolations(page);

    await expect(viewOnSite(page, 'Summer picnic')).resolves.toBe('Summer picnic');

    const publicEvents = await (await fetch(`${suite.url}/events`)).text();
    expect(publicEvents).toContain('Summer picnic');
    expect(publicEvents).toMatch(/Location: (<!-- -->)?School field/);

    await page.getByRole('button', { name: 'Edit Summer picnic' }).click();
    const edit = dialog(page, 'Edit Event');
    await expect(edit.getByLabel('Date').inputValue()).resolves.toBe('2030-06-01T10:30');
    await edit.getByLabel('Event Name').fill('Summer picnic and games');
    await edit.getByRole('button', { name: 'Update Event' }).click();
    await expectNotice(page, 'Event updated successfully');
    const api = (await (await fetch(`${suite.url}/api/events`)).json()) as { name: string; date: string }[];
    expect(api[0]).toMatchObject({ name: 'Summer picnic and games', date: '2030-06-01T09:30:00.000Z' });

    await page.getByRole('button', { name: 'Delete Summer picnic and games' }).click();
    await expect(page.getByRole('alertdialog').innerText()).resolves.toContain('"Summer picnic and games"');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectNotice(page, 'Event deleted successfully');
    await page.getByText('No events found. Create one to get started.').waitFor();
    // Restored later from Recently deleted, once the notice has gone.
    await page.getByText('Recently deleted (1)').click();
    await page.getByText(/^Deleted [A-Z][a-z]+ \d{1,2}, \d{4}; goes for ever on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/).waitFor();
    await page.getByRole('button', { name: 'Restore Summer picnic and games' }).click();
    await expectNotice(page, 'Restored: it is back on the site as it was.');
    await page.getByRole('button', { name: 'Delete Summer picnic and games' }).waitFor();
    await close();
  });

  it('makes one event of a double click on Create Event, starting from a date still to come', async () => {
    const { page, close } = await adminPage(chrome.browser, suite.url, '/admin/events');
    const before = ((await (await fetch(`${suite.url}/api/events`)).json()) as unknown[]).length;
    // A slow connection: the second click lands while the first request is on its way.
    let posts = 0;
    await page.route('**/api/admin/events', async (route) => {
      if (route.request().method() === 'POST') posts++;
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add Event' }).click();
    const create = dialog(page, 'Create Event');
    const proposed = await create.getByLabel('Date').inputValue();
    const nowInLondon = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' })
      .format(new Date())
      .replace(' ', 'T');
    expect(proposed > nowInLondon, `${proposed} is after ${nowInLondon}`).toBe(true);
    await create.getByLabel('Event Name').fill('Clicked twice');
    await create.getByLabel('Booking URL').fill('https://tickets.example/twice');
    await create.getByLabel('Description').fill('Once only.');
    await create.getByRole('button', { name: 'Create Event' }).dblclick();
    await expectNotice(page, 'Event created successfully');
    await page.getByRole('button', { name: 'Delete Clicked twice' }).waitFor();
    const events = (await (await fetch(`${suite.url}/api/events`)).json()) as { name: string }[];
    expect(events.length).toBe(before + 1);
    expect(events.filter((event) => event.name === 'Clicked twice')).toHaveLength(1);
    // The form sent it once (the server would also have made one of two: Idempotency-Key).
    expect(posts).toBe(1);
    await close();
  });

  it('copies an event into a new one, a week after it, at the same time and with all it says, and leaves the original', async () => {
    const { page, close } = await adminPage(chrome.browser, suite.url, '/admin/events');
    type Listed = {
      id: string;
      name: string;
      date: string;
      location: string | null;
      comment: string;
      bookingUrl: string;
      imageUrl: string | null;
      createdAt: string;
      updatedAt: string;
    };
    const listed = async () => (await (await fetch(`${suite.url}/api/events`)).json()) as Listed[];
    const original = (await listed()).find((event) => event.name === 'Summer picnic and games')!;
    await page.getByRole('button', { name: 'Copy Summer picnic and games' }).click();
    const create = dialog(page, 'Create Event');
    await expect(create.getByLabel('Event Name').inputValue()).resolves.toBe('Summer picnic and games');
    // Saturday 1 June 2030 at 10:30 in London: the Saturday after, at 10:30.
    await expect(create.getByLabel('Date').inputValue()).resolves.toBe('2030-06-08T10:30');
    await expect(create.getByLabel('Location').inputValue()).resolves.toBe('School field');
    await expectNoAxeViolations(page);
    await create.getByRole('button', { name: 'Create Event' }).click();
    await expectNotice(page, 'Event created successfully');
    const copies = (await listed()).filter((event) => event.name === 'Summer picnic and games');
    expect(copies).toHaveLength(2);
    const copy = copies.find((event) => event.id !== original.id)!;
    const { id: _id, date: _date, createdAt: _created, updatedAt: _updated, ...said } = original;
    expect(copy).toMatchObject({ ...said, date: '2030-06-08T09:30:00.000Z' });
    expect(copy.imageUrl).toMatch(/^\/images\//);
    expect((await listed()).find((event) => event.id === original.id)).toEqual(original);
    // The next copy starts from the event again, not from what the last one was.
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(dialog(page, 'Create Event').getByLabel('Event Name').inputValue()).resolves.toBe('');
    await page.keyboard.press('Escape');
    await close();
  });

  it('adds, edits and deletes gallery images, by upload and by URL, with the browser confirmation', async () => {
    const { page, close } = await adminPage(chrome.browser, suite.url, '/admin/gallery');
    await page.getByText('No images in the gallery yet.').waitFor();
    await page.getByRole('button', { name: 'Add your first image' }).click();
    const add = dialog(page, 'Add Gallery Image');
    await expect(add.getByRole('button', { name: 'Add Image' }).isDisabled()).resolves.toBe(true);
    await expect(add.getByLabel('Caption (optional)').getAttribute('rows')).resolves.toBe('3');
    await add.locator('input[type="file"]').setInputFiles(await photo(3000, 2000));
    await expectNotice(page, 'Upload successful', PHOTO_STORED);
    await add.getByRole('button', { name: 'Add Image' }).click();
    await expectNotice(page, 'Image added to gallery');
    await page.getByText('(No caption)').waitFor();

    await page.getByRole('button', { name: 'Add Image' }).click();
    const second = dialog(page, 'Add Gallery Image');
    const [stored] = (await (await fetch(`${suite.url}/api/gallery`)).json()) as { imageUrl: string }[];
    await second.getByLabel('Or paste an image URL').fill(stored!.imageUrl);
    await second.locator('img[alt="Preview of the chosen image"]').waitFor();
    await second.getByLabel('Caption (optional)').fill('Tug of war');
    await second.getByLabel('What the image shows (optional)').fill('Two teams pulling a rope on the school field');
    await second.getByRole('button', { name: 'Add Image' }).click();
    await expectNotice(page, 'Image added to gallery');
    // The first add's notice may still be showing: the new row says that this one was saved.
    await page.locator('td', { hasText: /^Tug of war$/ }).waitFor();
    // The description reaches visitors who cannot see the photo.
    expect(await (await fetch(`${suite.url}/gallery`)).text()).toContain(
      'aria-label="Open image: Two teams pulling a rope on the school field"',
    );
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit Tug of war' }).click();
    const edit = dialog(page, 'Edit Gallery Image');
    await edit.locator('img[alt="Preview of the chosen image"]').waitFor();
    await edit.getByLabel('Caption (optional)').fill('Tug of war final');
    await edit.getByRole('button', { name: 'Update Image' }).click();
    await expectNotice(page, 'Gallery image updated');
    await page.locator('td', { hasText: /^Tug of war final$/ }).waitFor();
    // Its address on the site, to see it as parents do and to share it (docs/decisions/112).
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'View on site: Tug of war final (opens in a new tab)' }).click(),
    ]);
    await tab.getByRole('dialog').locator('figcaption', { hasText: 'Tug of war final' }).waitFor();
    expect(tab.url()).toMatch(/\/gallery\?photo=[0-9a-z]+$/);
    await tab.close();
    // On a phone the three actions stand in a column and the thumbnails stay square (they were squeezed to 40 px wide).
    await page.setViewportSize(PHONE);
    for (const thumbnail of await page.locator('tbody img').all()) {
      const box = (await thumbnail.boundingBox())!;
      expect([box.width, box.height]).toEqual([64, 64]);
    }

    const questions = acceptDialogs(page);
    await page.getByRole('button', { name: 'Delete Tug of war final' }).click();
    await expectNotice(page, 'Gallery image deleted');
    expect(questions).toEqual(['Are you sure you want to delete this image?']);
    await page.locator('td', { hasText: /^Tug of war final$/ }).waitFor({ state: 'detached' });
    await close();
  });

  it('edits both information pages and the site settings, and the public pages show them', async () => {
    const { page, close } = await adminPage(chrome.browser, suite.url, '/admin/who-we-are');
    await page.getByRole('heading', { name: 'Edit Who We Are' }).waitFor();
    await expect(page.getByLabel('About Us').getAttribute('rows')).resolves.toBe('8');
    await expect(page.getByLabel('Who Are We?').getAttribute('rows')).resolves.toBe('4');
    await expect(page.getByLabel('Contact Email').getAttribute('type')).resolves.toBe('email');
    await page.getByLabel('About Us').fill('We are dads.\n\nWe meet monthly.');
    await page.getByLabel('Contact Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // Checked with the API's own schema before anything is sent, under the field.
    await page.getByText('Contact Email must be a valid email address').waitFor();
    await page.getByLabel('Contact Email').fill('hello@dads.example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'Who We Are content updated successfully');
    await expectNoAxeViolations(page);
    const who = await (await fetch(`${suite.url}/who-we-are`)).text();
    expect(who).toContain('<p class="whitespace-pre-line text-slate-800 [&amp;+p]:mt-4">We meet monthly.</p>');
    expect(who).toContain('mailto:hello@dads.example');

    await page.goto(`${suite.url}/admin/what-we-do`);
    await page.getByRole('heading', { name: 'Edit What We Do' }).waitFor();
    for (const [label, rows] of [
      ['Our Mission', '6'],
      ['Activities', '8'],
      ['Our Impact', '6'],
    ] as const) {
      await expect(page.getByLabel(label).getAttribute('rows')).resolves.toBe(rows);
    }
    await page.getByLabel('Activities').fill('Den building.\n\nBike repair.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'What We Do content updated successfully');
    await expectNoAxeViolations(page);
    expect(await (await fetch(`${suite.url}/what-we-do`)).text()).toContain('Bike repair.');

    await page.goto(`${suite.url}/admin/settings`);
    await page.getByLabel('Club name').fill('Oakfield Dads');
    await page.getByLabel('Messaging group link').fill('https://chat.example/oakfield');
    await page.getByLabel('Contact email').fill('dads@oakfield.example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'Site settings updated successfully');
    await expectNoAxeViolations(page);
    const home = await (await fetch(`${suite.url}/`)).text();
    expect(home).toMatch(/Welcome to (<!-- -->)?Oakfield Dads/);
    expect(home).toContain('href="https://chat.example/oakfield"');
    expect(home).toContain('href="mailto:dads@oakfield.example"');

    // Backups: none yet; 'Download a backup' takes one, downloads it, and the card then says when.
    await page.getByText('No backup has been taken yet.').waitFor();
    // It holds every password hash and two-step secret: the password is asked first.
    await page.getByRole('button', { name: 'Download a backup' }).click();
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByText('The current password is not correct', { exact: true }).first().waitFor();
    await page.getByLabel('Your password').fill(ADMIN.password);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^club-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(await download.failure()).toBeNull();
    await expectNotice(page, 'The backup was taken: your browser is downloading it.');
    await page.getByText(/^Last backup: [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}\.$/).waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page);

    if (tmpfsWorks) {
      // The backup folder's disk full: the notice and the card say so in words, not a failed download.
      const backups = path.join(suite.database.dataDir, 'backups');
      mountTmpfs(backups, '64k');
      try {
        fillDisk(backups, path.join(backups, 'filler.bin'));
        await page.getByRole('button', { name: 'Download a backup' }).click();
        await page.getByLabel('Your password').fill(ADMIN.password);
        await page.getByRole('button', { name: 'Download', exact: true }).click();
        await expectNotice(page, `Failed to take a backup: 503: ${BACKUP_NOT_WRITTEN}`);
        await page.getByRole('alert').filter({ hasText: BACKUP_NOT_WRITTEN }).waitFor();
        await expect(page.getByRole('alert').filter({ hasText: BACKUP_NOT_WRITTEN }).textContent()).resolves.toMatch(
          /^The last backup failed \([A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}\)\. /,
        );
        await expectNoAxeViolations(page);
      } finally {
        unmount(backups);
      }
    }
    await close();
  });

  it('adds an administrator who can then sign in, signs them out on every device, and never offers to remove yourself', async () => {
    const { page, close } = await adminPage(chrome.browser, suite.url, '/admin/administrators');
    await page.getByRole('heading', { name: 'Administrators' }).waitFor();
    await page.getByText('you', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: /^Remove/ }).count()).resolves.toBe(0);
    await page.getByLabel('New username').fill('raj');
    await page.getByLabel('Their password').fill('short');
    await page.getByRole('button', { name: 'Add Administrator' }).click();
    await page.getByText('Password must be at least 12 characters').waitFor();
    // The adder's own password too: a signed-in phone left on a table cannot add anyone.
    await page.getByText('Your password is required').waitFor();
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByLabel('Their password').fill('password1234');
    await page.getByRole('button', { name: 'Add Administrator' }).click();
    await page.getByText('The current password is not correct', { exact: true }).first().waitFor();
    await expect(page.getByLabel('Your password').getAttribute('aria-invalid')).resolves.toBe('true');
    // Long enough but among the first a guesser tries: the server's reason shows under the field.
    await page.getByLabel('Your password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Add Administrator' }).click();
    await page
      .getByText(/^This password is too easy to guess\. This is similar to a commonly used password\./)
      .first()
      .waitFor();
    await expect(page.getByLabel('Their password').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('Their password').fill('raj-long-password-1');
    await page.getByRole('button', { name: 'Add Administrator' }).click();
    await expectNotice(page, 'Administrator added successfully');
    await page.getByRole('button', { name: 'Remove raj' }).waitFor();
    const rajSignIns = page.getByRole('listitem').filter({ hasText: 'raj' }).getByTestId('sign-ins');
    await expect(rajSignIns.textContent()).resolves.toBe('Not signed in anywhere.');
    await expectNoAxeViolations(page);

    const other = await openPage(chrome.browser);
    await other.page.goto(`${suite.url}/admin`);
    await other.page.getByLabel('Username').fill('raj');
    await other.page.getByLabel('Password').fill('raj-long-password-1');
    await other.page.getByRole('button', { name: 'Log in' }).click();
    await other.page.waitForURL(`${suite.url}/admin/dashboard`);
    // The adder knows that password: raj chooses his own before any screen.
    await other.page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    await expect(page.getByRole('listitem').filter({ hasText: 'raj' }).getByTestId('password-given').textContent()).resolves.toMatch(
      /^Has a password someone else set, which works until [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}: they choose their own when they sign in with it\.$/,
    );
    await other.page.getByLabel('The password you were given').fill('raj-long-password-1');
    await other.page.getByLabel('New password', { exact: true }).fill('raj-chosen-password-1');
    await other.page.getByLabel('New password again').fill('raj-chosen-password-1');
    await other.page.getByRole('button', { name: 'Change Password' }).click();
    await expectNotice(other.page, 'Password changed successfully');
    await other.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // Their sign-in shows to the others, with when.
    await page.reload();
    await expect
      .poll(() => rajSignIns.textContent())
      .toMatch(/^Signed in on 1 device; last active [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}\.$/);

    // Their phone is lost: signed out there, they must sign in again with the password.
    const questions = acceptDialogs(page);
    await page.getByRole('button', { name: 'Sign out raj on every device' }).click();
    await expectNotice(page, 'raj is signed out on every device.');
    expect(questions).toEqual(['Sign raj out on every device? Whoever uses their sign-in must sign in again with the password.']);
    await expect.poll(() => rajSignIns.textContent()).toBe('Not signed in anywhere.');
    // Where their last sign-in came from stays in sight: a stranger's would too.
    await expect(page.getByRole('listitem').filter({ hasText: 'raj' }).getByTestId('last-sign-in').textContent()).resolves.toMatch(
      /^Last signed in [A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1) with Chrome on Linux\.$/,
    );
    await expect(page.getByRole('button', { name: 'Sign out raj on every device' }).count()).resolves.toBe(0);
    await other.page.goto(`${suite.url}/admin/news`);
    await other.page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await other.close();

    // One's own other devices (this screen's earlier sign-ins, and one more): this one stays.
    const elsewhere = await login(suite.url);
    await page.reload();
    await page.getByRole('button', { name: 'Sign out other devices' }).click();
    await expectNotice(page, 'Your other devices are signed out.');
    expect(questions.at(-1)).toBe('Sign out your other devices? This one stays signed in.');
    await page.getByRole('button', { name: 'Sign out other devices' }).waitFor({ state: 'detached' });
    const mine = page.getByRole('listitem').filter({ hasText: 'you' }).getByTestId('sign-ins');
    await expect.poll(() => mine.textContent()).toMatch(/^Signed in on 1 device;/);
    expect((await call(suite.url, 'GET', '/api/admin/me', { token: elsewhere })).status).toBe(401);

    // Raj has forgotten the password: another administrator sets a new one, with their own.
    await expect(page.getByRole('button', { name: `Set a new password for ${ADMIN.username}` }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Set a new password for raj' }).click();
    const setForm = page.getByRole('form', { name: 'New password for raj' });
    await setForm.getByLabel('New password', { exact: true }).fill('raj-fresh-password-2');
    await setForm.getByLabel('New password again').fill('raj-fresh-password-3');
    await setForm.getByLabel('Your password').fill(ADMIN.password);
    await setForm.getByRole('button', { name: 'Set password' }).click();
    await setForm.getByText('The two new passwords are not the same').waitFor();
    await setForm.getByLabel('New password again').fill('raj-fresh-password-2');
    await setForm.getByRole('button', { name: 'Set password' }).click();
    await expectNotice(page, 'New password set for raj. They are signed out on every device');
    await setForm.waitFor({ state: 'detached' });
    const forgot = await openPage(chrome.browser);
    await forgot.page.goto(`${suite.url}/admin`);
    await forgot.page.getByText('Forgotten your password? Another administrator can set a new one for you under Administrators').waitFor();
    await forgot.page.getByLabel('Username').fill('raj');
    await forgot.page.getByLabel('Password').fill('raj-fresh-password-2');
    await forgot.page.getByRole('button', { name: 'Log in' }).click();
    await forgot.page.waitForURL(`${suite.url}/admin/dashboard`);
    // And then chooses their own, which the setter does not know, before any screen: a screen's
    // address, loaded afresh, asks the same; the same password again is refused.
    await forgot.page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    await forgot.page.goto(`${suite.url}/admin/news`);
    await forgot.page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    await expectNoAxeViolations(forgot.page);
    await forgot.page.getByLabel('The password you were given').fill('raj-fresh-password-2');
    await forgot.page.getByLabel('New password', { exact: true }).fill('raj-fresh-password-2');
    await forgot.page.getByLabel('New password again').fill('raj-fresh-password-2');
    await forgot.page.getByRole('button', { name: 'Change Password' }).click();
    await forgot.page.getByText('Choose a new password, not the one you have now', { exact: true }).waitFor();
    await forgot.page.getByLabel('New password', { exact: true }).fill('raj-own-secret-words');
    await forgot.page.getByLabel('New password again').fill('raj-own-secret-words');
    await forgot.page.getByRole('button', { name: 'Change Password' }).click();
    await expectNotice(forgot.page, 'Password changed successfully');
    await forgot.page.getByRole('heading', { name: 'Manage News' }).waitFor();
    await forgot.close();

    await page.getByRole('button', { name: 'Remove raj' }).click();
    await expectNotice(page, 'Administrator removed successfully');
    await close();
  });
});
