import type { Page } from 'playwright-core';
import { login } from './api-client.ts';
import { ADMIN } from './server.ts';

/** Signs the browser in by setting the session cookie from an API login, as the Epic Stack's fixture does. */
export async function signInWithCookie(page: Page, baseUrl: string): Promise<void> {
  const token = await login(baseUrl);
  await page.context().addCookies([{ name: 'club_session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** Signs in through the login form. */
export async function signInWithForm(page: Page, baseUrl: string, username = ADMIN.username, password = ADMIN.password): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}

/**
 * For a notice that says a photo was stored: a 3000 × 2000 one is stored in each width in AVIF and
 * WebP, 3.5 s on an idle 2-core machine, and it once took more than 10 s beside the static checks.
 */
export const PHOTO_STORED = { timeout: 30_000 };

/**
 * Waits for a notice whose text contains `text` that no earlier call has seen: one notice shows
 * at a time, and the previous action's, with the same text, may still be on screen. `timeout`: for
 * one that ends long work (a 12-megapixel photo decoded in the browser on a busy machine).
 */
export async function expectNotice(page: Page, text: string, { timeout = 10_000 } = {}): Promise<void> {
  const notice = page.locator('li.notice[data-state="open"]:not([data-test-seen])', { hasText: text }).first();
  await notice.waitFor({ timeout });
  await notice.evaluate((element) => element.setAttribute('data-test-seen', ''));
}

/** Accepts every browser confirmation from now on; answers the questions asked, in order. */
export function acceptDialogs(page: Page): string[] {
  const questions: string[] = [];
  page.on('dialog', (browserDialog) => {
    questions.push(browserDialog.message());
    void browserDialog.accept();
  });
  return questions;
}
