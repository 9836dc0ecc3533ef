import { describe, expect, it } from 'vitest';
import { call } from '../setup/api-client.ts';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { DESKTOP, expectFocused, expectNoAxeViolations, TOUCH_PHONE, useBrowser, keepScreenshot } from '../setup/browser.ts';
import { sqliteDb } from '../setup/databases.ts';
import { addAdministrator, adminToken, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// A stranger with a volunteer's password rewrote Who We Are: the committee puts back what it said,
// from its earlier versions, on a phone (docs/decisions/055).

describe('earlier versions of an information page, in Chromium', () => {
  const suite = useServer(sqliteDb, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();

  it('puts back the text a stranger replaced, through the form, and keeps theirs in turn', async () => {
    const token = await adminToken(suite.url);
    const original = {
      aboutUs: 'Dads and father figures of Oakfield Primary, building dens and memories.',
      whoAreWe: 'A committee of six volunteers.',
      contactEmail: 'dads@example.org',
    };
    expect((await call(suite, 'PUT', '/api/admin/who-we-are', { token, body: original })).status).toBe(200);
    const stranger = await addAdministrator(suite, token, 'stranger', 'a pale lantern under winter');
    const defaced = { aboutUs: 'Cheap watches at cheap-watches.example!', whoAreWe: 'Nobody.' };
    expect((await call(suite, 'PUT', '/api/admin/who-we-are', { token: stranger.token, body: defaced })).status).toBe(200);

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    // Found in the log, and followed from the stranger's line.
    await page.goto(`${suite.url}/admin/activity`);
    const line = page.getByTestId('activity').locator('li').filter({ hasText: 'stranger edited the page “Who We Are”' });
    await line.getByRole('link', { name: 'Earlier versions of Who We Are' }).click();
    await page.waitForURL(`${suite.url}/admin/who-we-are`);
    await expect.poll(() => page.getByLabel('About Us').inputValue()).toBe(defaced.aboutUs);
    await page.getByText('Earlier versions (1)').click();
    await page.getByText(/^Saved .*; replaced .* by stranger\.$/).waitFor();
    await page.getByText(original.aboutUs).waitFor();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'admin-page-versions-390', { fullPage: true });

    await page.getByRole('button', { name: /^Use this version/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^The text saved .* is in the form: check it, then Save Changes\.$/ })
      .waitFor();
    await expect(page.getByLabel('About Us').inputValue()).resolves.toBe(original.aboutUs);
    await expect(page.getByLabel('Who Are We?').inputValue()).resolves.toBe(original.whoAreWe);
    await expectFocused(page.getByLabel('About Us'));
    // Nothing changed on the site until it is saved.
    expect(await (await fetch(`${suite.url}/who-we-are`)).text()).toContain('Cheap watches');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'Who We Are content updated successfully');
    const site = await (await fetch(`${suite.url}/who-we-are`)).text();
    expect(site).toContain(original.aboutUs);
    expect(site).not.toContain('Cheap watches');
    // The stranger's text is an earlier version now, should it be wanted.
    await page.getByText('Earlier versions (2)').waitFor();
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, 'admin-page-versions-1280', { fullPage: true });
    await context.close();
  });

  it('puts back the messaging group link and the logo a stranger replaced in the settings', async () => {
    const token = await adminToken(suite.url);
    const group = 'https://chat.example.org/join/oakfield';
    const logo = await uploadImage(suite.url, token, 2);
    expect(
      (
        await call(suite, 'PUT', '/api/admin/settings', {
          token,
          body: { clubName: 'Oakfield Dads', messagingGroupUrl: group, logoUrl: logo },
        })
      ).status,
    ).toBe(200);
    const stranger = await addAdministrator(suite, token, 'phisher', 'a quiet harbour before dawn');
    const scam = 'https://scam.example.net/win';
    const theirLogo = await uploadImage(suite.url, stranger.token, 6);
    expect(
      (await call(suite, 'PUT', '/api/admin/settings', { token: stranger.token, body: { messagingGroupUrl: scam, logoUrl: theirLogo } }))
        .status,
    ).toBe(200);
    expect(await (await fetch(`${suite.url}/`)).text()).toContain(scam);

    const context = await chrome.browser.newContext(TOUCH_PHONE);
    const page = await context.newPage();
    await signInWithForm(page, suite.url);
    await page.goto(`${suite.url}/admin/settings`);
    await expect.poll(() => page.getByLabel('Messaging group link').inputValue()).toBe(scam);
    await page.getByText('Earlier versions (1)').click();
    await page.getByText(/^Saved .*; replaced .* by phisher\.$/).waitFor();
    // The club's logo, which visitors no longer get, is shown (and loads) for the committee (061).
    const then = page.getByRole('img', { name: 'Logo then' });
    await then.scrollIntoViewIfNeeded();
    await expect.poll(() => then.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(then.getAttribute('src')).resolves.toContain(logo);
    expect(await page.getByRole('img', { name: 'Welcome banner photo then' }).count()).toBe(0);
    await page.getByText('Welcome banner photo:').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Use this version/ }).click();
    await expect(page.getByLabel('Messaging group link').inputValue()).resolves.toBe(group);
    await expect(page.getByLabel('Club name').inputValue()).resolves.toBe('Oakfield Dads');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'Site settings updated successfully');
    const home = await (await fetch(`${suite.url}/`)).text();
    expect(home).toContain(group);
    expect(home).not.toContain(scam);
    expect(home).toContain(logo);
    expect(home).not.toContain(theirLogo);
    expect((await fetch(`${suite.url}${theirLogo}`)).status).toBe(404);
    await keepScreenshot(page, 'admin-settings-versions-390', { fullPage: true });
    await context.close();
  });
});
