import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { acceptDialogs, expectNotice, signInWithCookie, signInWithForm } from '../setup/admin-browser.ts';
import { expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { addAdministrator, adminToken, create } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// A volunteer types a news item on a phone, switches to the photos app, and the browser closes the
// tab it put in the background (or a thumb pulls the page down, where an iPhone asks nothing): what
// was typed comes back when the same form opens again, until it is saved or discarded.

const TREASURER_PASSWORD = 'ledger kettle meadow lantern';
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
/** The form says that what was typed is back (inside it: a notice over a dialog is out of a screen reader's reach). */
const restoredSaid = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'What you typed here and had not saved is back.' }).waitFor();
const drafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('club-draft:'))
      .sort(),
  );

describe('drafts of what was typed, in Chromium on a phone', () => {
  const suite = useServer(sqliteDb, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();

  /** The tab, closed as a phone's browser closes it: no question, no unload handler's say. */
  async function tabClosedAndOpenedAgain(context: BrowserContext, page: Page, path: string): Promise<Page> {
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await again.goto(`${suite.url}${path}`);
    return again;
  }

  it('brings back a news item being written after the tab was closed, and forgets it once created', async () => {
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    let page = await context.newPage();
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).click();
    let form = dialog(page, 'Create News Item');
    await form.getByLabel('Title').fill('Bike day at the gate');
    await form.locator('.ql-editor').click();
    await page.keyboard.type('Bring a bike and a helmet.');
    await expect.poll(() => drafts(page)).toEqual(['club-draft:news:new']);

    page = await tabClosedAndOpenedAgain(context, page, '/admin/news');
    await page.getByRole('button', { name: 'Add News Item' }).click();
    form = dialog(page, 'Create News Item');
    await restoredSaid(page);
    await expect(form.getByLabel('Title').inputValue()).resolves.toBe('Bike day at the gate');
    await expect(form.locator('.ql-editor').innerText()).resolves.toContain('Bring a bike and a helmet.');
    await expectNoAxeViolations(page);

    await form.getByRole('button', { name: 'Create News Item' }).click();
    await expectNotice(page, 'News item created successfully');
    expect(await drafts(page)).toEqual([]);
    const items = (await call(suite.url, 'GET', '/api/news')).body as { title: string; content: string }[];
    expect(items.map((item) => item.title)).toEqual(['Bike day at the gate']);
    expect(items[0]!.content).toContain('Bring a bike and a helmet.');

    // Created: the next new item starts blank, with no notice.
    page = await tabClosedAndOpenedAgain(context, page, '/admin/news');
    await page.getByRole('button', { name: 'Add News Item' }).click();
    await expect(dialog(page, 'Create News Item').getByLabel('Title').inputValue()).resolves.toBe('');
    expect(await page.getByText('had not saved is back').count()).toBe(0);
    await context.close();
  }, 60_000);

  it('never puts a draft of an edit over a version saved since, and forgets drafts that are discarded or signed out of', async () => {
    const token = await adminToken(suite.url);
    const item = await create(suite.url, token, '/api/admin/news', {
      title: 'Raft race on Saturday',
      content: '<p>Bring a flask.</p>',
      publishedAt: '2026-11-01T00:00:00.000Z',
    });
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    let page = await context.newPage();
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Edit Raft race on Saturday' }).click();
    await dialog(page, 'Edit News Item').getByLabel('Title').fill('Raft race moved');
    await expect.poll(() => drafts(page)).toEqual([`club-draft:news:${item.id}`]);

    // Someone else saves the item meanwhile: the draft started from the older version is dropped.
    const current = (await call(suite.url, 'GET', `/api/news/${item.id}`)).body;
    const theirs = await call(suite.url, 'PUT', `/api/admin/news/${item.id}`, { token, body: { ...current, title: 'Raft race: Sunday' } });
    expect(theirs.status).toBe(200);
    page = await tabClosedAndOpenedAgain(context, page, '/admin/news');
    await page.getByRole('button', { name: 'Edit Raft race: Sunday' }).click();
    await expect(dialog(page, 'Edit News Item').getByLabel('Title').inputValue()).resolves.toBe('Raft race: Sunday');
    expect(await drafts(page)).toEqual([]);

    // Typed, then closed with 'Leave without saving': nothing is kept.
    const questions = acceptDialogs(page);
    await dialog(page, 'Edit News Item').getByLabel('Title').fill('Raft race: Sunday at ten');
    await expect.poll(() => drafts(page)).toEqual([`club-draft:news:${item.id}`]);
    await dialog(page, 'Edit News Item').getByRole('button', { name: 'Close' }).click();
    expect(questions).toEqual(['You have unsaved changes. Leave without saving?']);
    expect(await drafts(page)).toEqual([]);

    // An information page: back after the tab was closed, and 'Discard' beside what says so puts the
    // page's text back as saved.
    await page.goto(`${suite.url}/admin/who-we-are`);
    await page.getByLabel('About Us').fill('We are dads who meet on Saturdays.');
    await expect.poll(() => drafts(page)).toEqual(['club-draft:page:/api/who-we-are']);
    page = await tabClosedAndOpenedAgain(context, page, '/admin/who-we-are');
    await restoredSaid(page);
    await expect(page.getByLabel('About Us').inputValue()).resolves.toBe('We are dads who meet on Saturdays.');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByLabel('About Us').inputValue()).resolves.toBe('');
    expect(await drafts(page)).toEqual([]);
    // Back once more, and saved this time: the form says no more that a draft is back.
    await page.getByLabel('About Us').fill('We are dads who meet on Sundays.');
    await expect.poll(() => drafts(page)).toEqual(['club-draft:page:/api/who-we-are']);
    page = await tabClosedAndOpenedAgain(context, page, '/admin/who-we-are');
    await restoredSaid(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'updated successfully');
    await expect.poll(() => page.getByText('had not saved is back').count()).toBe(0);
    expect(await drafts(page)).toEqual([]);

    // Typed on a shared computer, the tab closed, then signed out: nothing typed stays.
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).click();
    await dialog(page, 'Create News Item').getByLabel('Title').fill('Half a title');
    await expect.poll(() => drafts(page)).toEqual(['club-draft:news:new']);
    page = await tabClosedAndOpenedAgain(context, page, '/admin/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.url}/admin`);
    expect(await drafts(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("asks before 'Logout' throws away what is being typed, and only once", async () => {
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/what-we-do`);
    await page.getByLabel('Our Mission').fill('Get every dad outdoors once a month.');
    await expect.poll(() => drafts(page)).toEqual(['club-draft:page:/api/what-we-do']);
    const asked: string[] = [];
    let answer = false;
    page.on('dialog', (question) => {
      asked.push(`${question.type()}: ${question.message()}`);
      void (answer ? question.accept() : question.dismiss());
    });

    // A thumb meets 'Logout' in the menu: asked, and 'Cancel' keeps the text, its draft and the session.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    expect(asked).toEqual(['confirm: You have unsaved changes. Leave without saving?']);
    await expect(page.getByLabel('Our Mission').inputValue()).resolves.toBe('Get every dad outdoors once a month.');
    expect(await drafts(page)).toEqual(['club-draft:page:/api/what-we-do']);
    expect(await page.evaluate(async () => (await fetch('/api/admin/me')).status)).toBe(200);

    // Meant: signed out, with nothing typed left behind, and no second question as the page goes.
    answer = true;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(asked).toHaveLength(2);
    expect(await drafts(page)).toEqual([]);
    await context.close();
  });

  it("never shows one administrator's draft to another on a shared computer, and keeps it for its owner", async () => {
    // Past choosing their own password (docs/decisions/079): TREASURER_PASSWORD from then on.
    await addAdministrator(suite.url, await adminToken(suite.url), 'treasurer', TREASURER_PASSWORD);
    const context = await chrome.browser.newContext(TOUCH_PHONE);
    let page = await context.newPage();
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).click();
    await dialog(page, 'Create News Item').getByLabel('Title').fill('Minutes of the last meeting');
    await dialog(page, 'Create News Item').locator('.ql-editor').click();
    await page.keyboard.type('Apologies from Dave.');
    await expect.poll(() => drafts(page)).toEqual(['club-draft:news:new']);

    // The session ends without a sign-out (closed tab, 30 days), and the treasurer signs in there.
    page = await tabClosedAndOpenedAgain(context, page, '/');
    await context.clearCookies();
    await signInWithForm(page, suite.url, 'treasurer', TREASURER_PASSWORD);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).click();
    const form = dialog(page, 'Create News Item');
    await form.getByLabel('Title').waitFor();
    // Long enough for the signed-in administrator to be known and a draft to be put back.
    await page.waitForTimeout(1000);
    await expect(form.getByLabel('Title').inputValue()).resolves.toBe('');
    await expect(page.getByText('What you typed here and had not saved is back.').count()).resolves.toBe(0);
    expect(await drafts(page)).toEqual(['club-draft:news:new']);

    // Its owner, back on that computer, finds it.
    page = await tabClosedAndOpenedAgain(context, page, '/');
    await context.clearCookies();
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/news`);
    await page.getByRole('button', { name: 'Add News Item' }).click();
    await restoredSaid(page);
    const form2 = dialog(page, 'Create News Item');
    await expect(form2.getByLabel('Title').inputValue()).resolves.toBe('Minutes of the last meeting');
    await expect(form2.locator('.ql-editor').innerText()).resolves.toContain('Apologies from Dave.');
    // 'Discard' empties the text too, not the title alone: what is saved is what is shown.
    await keepScreenshot(page, 'admin-draft-restored-390');
    await form2.getByRole('button', { name: 'Discard' }).click();
    await expect(form2.getByLabel('Title').inputValue()).resolves.toBe('');
    await expect(form2.locator('.ql-editor').innerText()).resolves.toBe('\n');
    expect(await drafts(page)).toEqual([]);
    await context.close();
  }, 60_000);
});
