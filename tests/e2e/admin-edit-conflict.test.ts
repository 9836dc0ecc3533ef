import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { testDatabases } from '../setup/databases.ts';
import { create, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';
import { openPage, useBrowser } from '../setup/browser.ts';
import { expectNotice, signInWithCookie } from '../setup/admin-browser.ts';

// Two administrators edit the same item (or one, on a laptop left open and then a phone). The
// admin app's lists never refresh by themselves (SPEC §9), so a form can be opened from an item
// as it was days ago: its save must not silently undo the change saved since.

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

describe('saving a form opened before someone else saved the same item', () => {
  const suite = useServer(testDatabases[0]!, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();

  async function adminPage(path: string) {
    const opened = await openPage(chrome.browser);
    await signInWithCookie(opened.page, suite.url);
    opened.page.setDefaultTimeout(8_000);
    await opened.page.goto(`${suite.url}${path}`);
    return opened;
  }

  it('keeps what was typed, says what happened, and replaces their change only when saved again', async () => {
    const other = await login(suite);
    const event = await create(suite.url, other, '/api/admin/events', {
      name: 'Quiz night',
      date: '2030-03-01T19:00',
      comment: 'Teams of four.',
      bookingUrl: 'https://tickets.example/quiz',
    });
    const { page, close } = await adminPage('/admin/events');
    await page.getByRole('button', { name: 'Edit Quiz night' }).click();
    const edit = dialog(page, 'Edit Event');
    await edit.getByLabel('Description').fill('Teams of four. Bring a pen.');
    // Meanwhile another administrator renames it.
    const renamed = await call(suite, 'PUT', `/api/admin/events/${event.id}`, {
      token: other,
      body: { ...event, name: 'Quiz night (sold out)' },
    });
    expect(renamed.status).toBe(200);

    await edit.getByRole('button', { name: 'Update Event' }).click();
    await expectNotice(
      page,
      'Failed to update event: 412: This event was changed by someone else after you opened it. Save again to replace their changes, or close this form to see them.',
    );
    // Nothing was lost: their change is saved and shows behind the form, which keeps what was typed.
    expect((await call(suite, 'GET', '/api/events')).body[0]).toMatchObject({ name: 'Quiz night (sold out)', comment: 'Teams of four.' });
    // (The list is behind the modal form, out of the accessibility tree: found by its text.)
    await page.locator('h2', { hasText: 'Quiz night (sold out)' }).waitFor();
    await expect(edit.getByLabel('Description').inputValue()).resolves.toBe('Teams of four. Bring a pen.');
    await expect(edit.getByLabel('Event Name').inputValue()).resolves.toBe('Quiz night');

    // Saving again replaces their change, knowingly.
    await edit.getByRole('button', { name: 'Update Event' }).click();
    await expectNotice(page, 'Event updated successfully');
    expect((await call(suite, 'GET', '/api/events')).body[0]).toMatchObject({ name: 'Quiz night', comment: 'Teams of four. Bring a pen.' });
    await close();
  });

  it('guards an information page the same way, and saves the same form again and again after that', async () => {
    const other = await login(suite);
    const { page, close } = await adminPage('/admin/who-we-are');
    const aboutUs = page.getByLabel('About Us', { exact: true });
    await aboutUs.fill('Dads and children, every other Saturday.');
    await call(suite, 'PUT', '/api/admin/who-we-are', {
      token: other,
      body: { aboutUs: 'Written on the phone.', whoAreWe: 'The committee' },
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(
      page,
      'Failed to update Who We Are content: 412: This page was changed by someone else after you opened it. Save again to replace their changes, or close this form to see them.',
    );
    expect((await call(suite, 'GET', '/api/who-we-are')).body.aboutUs).toBe('Written on the phone.');
    await expect(aboutUs.inputValue()).resolves.toBe('Dads and children, every other Saturday.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'Who We Are content updated successfully');
    expect((await call(suite, 'GET', '/api/who-we-are')).body.aboutUs).toBe('Dads and children, every other Saturday.');
    // The form stays open: its next save starts from the version it has just saved.
    await aboutUs.fill('Dads and children, every Saturday.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(async () => (await call(suite, 'GET', '/api/who-we-are')).body.aboutUs).toBe('Dads and children, every Saturday.');
    expect(await page.locator('li.notice', { hasText: '412' }).count()).toBeLessThanOrEqual(1);
    await close();
  });

  it('explains a refused gallery save too, where the usual failure notice has no details', async () => {
    const other = await login(suite);
    const image = await uploadImage(suite.url, other, 2);
    const item = await create(suite.url, other, '/api/admin/gallery', { imageUrl: image, caption: 'Sports day' });
    const { page, close } = await adminPage('/admin/gallery');
    await page.getByRole('button', { name: 'Edit Sports day' }).click();
    const edit = dialog(page, 'Edit Gallery Image');
    await edit.getByLabel('Caption (optional)').fill('Sports day, the relay');
    await call(suite, 'PUT', `/api/admin/gallery/${item.id}`, { token: other, body: { imageUrl: image, caption: 'Sports day 2030' } });
    await edit.getByRole('button', { name: 'Update Image' }).click();
    await expectNotice(page, 'Failed to update gallery image: 412: This gallery image was changed by someone else after you opened it.');
    await expect(edit.getByLabel('Caption (optional)').inputValue()).resolves.toBe('Sports day, the relay');
    // Closed (what was typed is thrown away, after the usual question), and opened again from the
    // list as it is now: the save goes through at once.
    const questions: string[] = [];
    page.once('dialog', (question) => {
      questions.push(question.message());
      void question.accept();
    });
    await edit.getByRole('button', { name: 'Close' }).click();
    await edit.waitFor({ state: 'hidden' });
    expect(questions).toEqual(['You have unsaved changes. Leave without saving?']);
    await page.getByRole('button', { name: 'Edit Sports day 2030' }).click();
    await dialog(page, 'Edit Gallery Image').getByLabel('Caption (optional)').fill('Sports day 2030, the relay');
    await dialog(page, 'Edit Gallery Image').getByRole('button', { name: 'Update Image' }).click();
    await expectNotice(page, 'Gallery image updated');
    const stored = (await call(suite, 'GET', '/api/gallery')).body as { id: string; caption: string }[];
    expect(stored.find((entry) => entry.id === item.id)?.caption).toBe('Sports day 2030, the relay');
    await close();
  });
});
