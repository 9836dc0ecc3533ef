import type { Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NO_ANSWER, UNREACHABLE } from '../../src/admin/api.ts';
import { ADMIN_LOADING, ADMIN_NOT_STARTED } from '../../src/admin/ui/admin-starting.tsx';
import { call } from '../setup/api-client.ts';
import { expectNotice, signInWithCookie } from '../setup/admin-browser.ts';
import { keepScreenshot, openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { adminToken, create } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';

// A volunteer saving from a phone at the school gate: the signal comes and goes. The browser's
// own words ("Failed to fetch", "Load failed") say nothing to a person, and a save held back while
// the phone thinks it is offline showed 'Creating...' for as long as the signal stayed away.

const sqlite = testDatabases[0]!;

describe('the admin on a connection that comes and goes', () => {
  const suite = useServer(sqlite);
  const chrome = useBrowser();

  /** A signed-in phone on an admin screen; with `clock`, its timers are Playwright's to move on. */
  async function adminOnPhone(path: string, { clock = false } = {}) {
    const opened = await openPage(chrome.browser, TOUCH_PHONE);
    if (clock) await opened.page.clock.install();
    await signInWithCookie(opened.page, suite.url);
    await opened.page.goto(`${suite.url}${path}`);
    return opened;
  }

  it('says the site could not be reached, keeps what was typed, and saves once when the signal is back', async () => {
    const { page, context, close } = await adminOnPhone('/admin/news');
    await page.getByText('No news items found. Create one to get started.').waitFor();
    await page.getByRole('button', { name: 'Add News Item' }).click();
    const create = page.getByRole('dialog', { name: 'Create News Item' });
    await create.getByLabel('Title').fill('Bike day at the gate');
    await create.getByLabel('Publication Date').fill('2026-11-20');
    await create.locator('.ql-editor').click();
    await page.keyboard.type('Bring a bike and a helmet.');

    await context.setOffline(true);
    await create.getByRole('button', { name: 'Create News Item' }).click();
    await expectNotice(page, `Failed to create news item: ${UNREACHABLE}`);
    // Told at once, the form still open with what was typed, and the button ready again.
    await expect(create.getByLabel('Title').inputValue()).resolves.toBe('Bike day at the gate');
    await expect(create.locator('.ql-editor').innerText()).resolves.toContain('Bring a bike and a helmet.');
    await expect(create.getByRole('button', { name: 'Create News Item' }).isEnabled()).resolves.toBe(true);

    await context.setOffline(false);
    await create.getByRole('button', { name: 'Create News Item' }).click();
    await expectNotice(page, 'News item created successfully');
    const items = (await call(suite.url, 'GET', '/api/news')).body as { title: string }[];
    expect(items.map((item) => item.title)).toEqual(['Bike day at the gate']);
    await close();
  });

  it('gives up on a save that nothing answers, says so after 30 seconds, and the next try saves', async () => {
    const { page, close } = await adminOnPhone('/admin/news', { clock: true });
    await page.getByRole('button', { name: 'Edit Bike day at the gate' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit News Item' });
    await edit.getByLabel('Title').fill('Bike day moved indoors');

    // The request leaves and nothing ever comes back (a connection that went silent).
    let held = 0;
    await page.route('**/api/admin/news/*', (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      held++;
      return undefined;
    });
    await edit.getByRole('button', { name: 'Update News Item' }).click();
    await expect.poll(() => held).toBe(1);
    await expect(edit.getByRole('button', { name: /Updat/ }).isDisabled()).resolves.toBe(true);
    await page.clock.fastForward(29_000);
    await expect(page.getByText(NO_ANSWER).count()).resolves.toBe(0);
    await page.clock.fastForward(2_000);
    await expectNotice(page, `Failed to update news item: ${NO_ANSWER}`);
    await expect(edit.getByLabel('Title').inputValue()).resolves.toBe('Bike day moved indoors');

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await edit.getByRole('button', { name: 'Update News Item' }).click();
    await expectNotice(page, 'News item updated successfully');
    expect((await (await fetch(`${suite.url}/api/news`)).json())[0].title).toBe('Bike day moved indoors');
    await close();
  });

  it('ends a photo upload that nothing answers in its failure, with Retry, instead of a bar that never moves', async () => {
    const { page, close } = await adminOnPhone('/admin/gallery', { clock: true });
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    let held = 0;
    await page.route('**/api/admin/upload', () => {
      held++;
    });
    const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'IMG_0100.jpg', mimeType: 'image/jpeg', buffer });
    await expect.poll(() => held).toBe(1);
    await page.clock.fastForward(91_000);
    await dialog.getByText('Failed: An error occurred while uploading the image').waitFor();

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await dialog.getByRole('button', { name: 'Retry IMG_0100.jpg' }).tap();
    await dialog.getByText('1 of 1 uploaded').waitFor();
    await close();
  });

  it('keeps the keys typed in Title in Title while the editor is still on its way over a slow connection', async () => {
    const token = await adminToken(suite.url);
    await create(suite.url, token, '/api/admin/news', {
      title: 'Quiz night',
      content: '<p>Teams of four.</p>',
      publishedAt: '2026-11-01T10:00:00.000Z',
    });
    const { page, close } = await adminOnPhone('/admin/news');
    await page.getByRole('button', { name: 'Edit Quiz night' }).waitFor();
    // The editor's code is fetched when a news form first opens: held back, as on one bar of signal.
    const held: Route[] = [];
    await page.route('**/*.js', (route) => {
      held.push(route);
    });
    await page.getByRole('button', { name: 'Edit Quiz night' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit News Item' });
    await edit.getByText('Loading editor...').waitFor();
    await edit.getByLabel('Title').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' for');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held) await route.continue();
    await page.unrouteAll();
    await edit.locator('.ql-editor').waitFor();
    await expect(edit.locator('.ql-editor').innerText()).resolves.toBe('Teams of four.');
    await page.keyboard.type(' parents');

    await expect(edit.getByLabel('Title').inputValue()).resolves.toBe('Quiz night for parents');
    await expect(edit.locator('.ql-editor').innerText()).resolves.toBe('Teams of four.');
    await edit.getByRole('button', { name: 'Update News Item' }).click();
    await expectNotice(page, 'News item updated successfully');
    const stored = ((await (await fetch(`${suite.url}/api/news`)).json()) as { title: string; content: string }[]).find((item) =>
      item.title.startsWith('Quiz night'),
    );
    expect(stored).toMatchObject({ title: 'Quiz night for parents', content: '<p>Teams of four.</p>' });
    await close();
  });

  it("says it is loading before the admin's script has come, and what to do when it never starts", async () => {
    // The app's script lost on the way, or one this browser cannot run (too old for its syntax).
    const failures: Record<string, (route: Route) => Promise<void>> = {
      lost: (route) => route.abort('connectionreset'),
      'too old': (route) => route.fulfill({ contentType: 'text/javascript', body: 'export const AdminApp = () => {{;' }),
    };
    for (const [how, fail] of Object.entries(failures)) {
      const { page, close } = await openPage(chrome.browser, TOUCH_PHONE);
      await page.route(/\/_astro\/app\.[^/]+\.js$/, fail);
      await page.goto(`${suite.url}/admin`);
      // Shown after 0.4 s (a quicker start shows no flash of it), in a status region.
      await page.getByRole('status').getByText(ADMIN_LOADING).waitFor();
      const late = page.getByText(ADMIN_NOT_STARTED);
      expect(await late.isVisible(), how).toBe(false);
      // Twelve seconds on, by CSS alone (no script of the page's runs): finished here, not waited for.
      await page.evaluate(() => document.getAnimations().forEach((animation) => animation.finish()));
      await late.waitFor();
      await keepScreenshot(page, `admin-not-started-${how.replace(' ', '-')}`);
      // With the script back, a reload brings the sign-in page, and the words are gone.
      await page.unroute(/\/_astro\/app\.[^/]+\.js$/);
      await page.reload();
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      expect(await page.getByText(ADMIN_LOADING).count(), how).toBe(0);
      await close();
    }
    // Scripts turned off: the page says the admin needs them, and not that it is loading.
    const { page, close } = await openPage(chrome.browser, { ...TOUCH_PHONE, javaScriptEnabled: false });
    await page.goto(`${suite.url}/admin`);
    // What is drawn, read through DevTools (Playwright's own text search sees nothing inside <noscript>).
    expect(await page.evaluate(() => document.body.innerText.trim())).toBe('The admin area needs JavaScript.');
    await close();
  });

  it('signing in without a connection says so, not that the password is wrong', async () => {
    const { page, context, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await page.goto(`${suite.url}/admin`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: UNREACHABLE }).waitFor();
    await expect(page.getByText('Authentication failed').count()).resolves.toBe(0);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard`);
    await close();
  });
});
