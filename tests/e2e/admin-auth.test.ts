import { describe, expect, it } from 'vitest';
import { testDatabases } from '../setup/databases.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { expectNoAxeViolations, openPage, useBrowser } from '../setup/browser.ts';
import { expectNotice, signInWithForm } from '../setup/admin-browser.ts';
import { login } from '../setup/api-client.ts';
import { create, daysFromNow, denBuilding } from '../setup/fill-site.ts';
import { ADMIN_SCREENS, signInPageFor } from '../../src/core/shared/admin-screens.ts';

const sqlite = testDatabases[0]!;
const ADMIN_ROUTES = [...Object.values(ADMIN_SCREENS).map((screen) => screen.href), '/admin/anything-else'];

describe('admin sign-in, guard and session in Chromium', () => {
  const suite = useServer(sqlite);
  const chrome = useBrowser();

  it('sends a visitor without a session to /admin on the server, before any admin HTML', async () => {
    for (const path of ADMIN_ROUTES) {
      const response = await fetch(`${suite.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(signInPageFor(path));
      expect(response.headers.get('location'), path).toMatch(/^\/admin(\?|$)/);
      expect(await response.text(), path).not.toContain('astro-island');
    }
    const { page, close } = await openPage(chrome.browser);
    await page.goto(`${suite.url}/admin/news`);
    expect(page.url()).toBe(`${suite.url}/admin?next=%2Fadmin%2Fnews`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await close();
  });

  it('shows the login screen, refuses empty and wrong credentials, and says when a locked-out name may try again', async () => {
    const { page, close } = await openPage(chrome.browser);
    await page.goto(`${suite.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await expect(page.getByLabel('Username').getAttribute('placeholder')).resolves.toBe('admin');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Username is required').count()).resolves.toBe(1);
    await expect(page.getByText('Password is required').count()).resolves.toBe(1);

    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectNotice(page, 'Login Failed');
    await expect(page.locator('main [role="alert"]').first().textContent()).resolves.toBe('Invalid username or password');
    expect(page.url()).toBe(`${suite.url}/admin`);

    for (let i = 0; i < 6; i++) {
      await page.getByLabel('Username').fill('ghost');
      await page.getByLabel('Password').fill(`wrong-${i}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    }
    await page.locator('main [role="alert"]', { hasText: 'Too many failed sign-in attempts' }).waitFor();
    await expect(page.locator('main [role="alert"]').first().textContent()).resolves.toMatch(/Please try again in \d+ minutes?\./);
    await close();
  });

  it('signs in, survives a reload, keeps a signed-in administrator off the login screen, and logs out on the server', async () => {
    const { page, context, close } = await openPage(chrome.browser);
    await page.goto(`${suite.url}/admin`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    const submit = page.getByRole('button', { name: 'Log in' });
    await submit.click();
    await page.waitForURL(`${suite.url}/admin/dashboard`);
    await expectNotice(page, 'Login Successful');
    // The same notice, its description.
    await expect(page.locator('li.notice[data-test-seen]').innerText()).resolves.toContain('Welcome to the admin dashboard');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'club_session')?.httpOnly).toBe(true);
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.goto(`${suite.url}/admin`);
    expect(page.url()).toBe(`${suite.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    const token = cookies.find((c) => c.name === 'club_session')!.value;
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    // The session ended on the server, not just in this browser.
    const after = await fetch(`${suite.url}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    await page.goto(`${suite.url}/admin/dashboard`);
    expect(page.url()).toBe(`${suite.url}/admin`);

    // The browser stays known after signing out (decision 122): signing in again, it sends its
    // proof, and the server keeps it rather than making a new one.
    const device = cookies.find((c) => c.name === 'club_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/login' });
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await submit.click();
    await page.waitForURL(`${suite.url}/admin/dashboard`);
    expect((await context.cookies()).find((c) => c.name === 'club_device')?.value).toBe(device!.value);
    await close();
  });

  it('shows the dashboard with its cards, empty lists and links', async () => {
    const { page, close } = await openPage(chrome.browser);
    await signInWithForm(page, suite.url);
    for (const name of ['News', 'Events', 'What We Do', 'Who We Are', 'Gallery']) {
      await expect(page.getByRole('heading', { name, exact: true }).count(), name).resolves.toBe(1);
    }
    await page.getByText('No news articles found.').waitFor();
    await page.getByText('No events found.').waitFor();
    await expect(page.getByRole('link', { name: /Manage News/ }).getAttribute('href')).resolves.toBe('/admin/news');
    await expect(page.getByRole('link', { name: /Manage Gallery/ }).getAttribute('href')).resolves.toBe('/admin/gallery');
    await expect(page.getByRole('main').getByRole('link', { name: 'Site settings' }).getAttribute('href')).resolves.toBe('/admin/settings');
    await expect(page.getByRole('main').getByRole('link', { name: 'Administrators' }).getAttribute('href')).resolves.toBe(
      '/admin/administrators',
    );
    await expectNoAxeViolations(page);
    await close();
  });

  it('goes on to the screen, the item or the preview asked for before signing in', async () => {
    const token = await login(suite);
    const event = await create(suite.url, token, '/api/admin/events', { ...denBuilding(), name: 'Shared for a fix' });
    const later = await create(suite.url, token, '/api/admin/news', {
      title: 'Not out yet',
      content: '<p>Soon</p>',
      publishedAt: daysFromNow(9).slice(0, 10),
    });
    const { page, close } = await openPage(chrome.browser);
    // A link to an event's edit form, passed on by another volunteer.
    await page.goto(`${suite.url}/admin/events?edit=${event.id}`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectNotice(page, 'Login Successful');
    const form = page.getByRole('dialog', { name: 'Edit Event' });
    await form.waitFor();
    expect(await form.getByLabel('Event Name').inputValue()).toBe('Shared for a fix');
    expect(new URL(page.url()).pathname).toBe('/admin/events');
    await close();

    // A preview opened from a volunteer's bookmark, signed out: the server's page, after sign-in.
    const second = await openPage(chrome.browser);
    await second.page.goto(`${suite.url}/admin/news/${later.id}/preview`);
    await second.page.getByLabel('Username').fill(ADMIN.username);
    await second.page.getByLabel('Password').fill(ADMIN.password);
    await second.page.getByRole('button', { name: 'Log in' }).click();
    await second.page.waitForURL(`${suite.url}/admin/news/${later.id}/preview`);
    await second.page.getByRole('heading', { level: 1, name: 'Not out yet' }).waitFor();
    await second.close();

    // The address most sites sign in at, typed from memory: the sign-in page, then the dashboard
    // (it once went on to '404 Page Not Found' after a successful sign-in).
    const third = await openPage(chrome.browser);
    await third.page.goto(`${suite.url}/admin/login`);
    await third.page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(third.page.url()).toBe(`${suite.url}/admin`);
    await third.page.getByLabel('Username').fill(ADMIN.username);
    await third.page.getByLabel('Password').fill(ADMIN.password);
    await third.page.getByRole('button', { name: 'Log in' }).click();
    await third.page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await third.page.getByText('404 Page Not Found').count()).toBe(0);
    await third.close();
  });
});
