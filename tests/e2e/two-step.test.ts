import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_NEEDED, CODE_WRONG } from '../../src/core/auth/auth.schema.ts';
import { acceptDialogs, expectNotice, signInWithCookie } from '../setup/admin-browser.ts';
import { expectFocused, expectNoAxeViolations, openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { fakeClockEnv } from '../setup/fake-clock.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { authenticatorApp } from '../setup/totp.ts';

// A volunteer turns on two-step sign-in from a phone, signs in with a code, and turns it off.

describe('two-step sign-in in Chromium', () => {
  const clock = path.join(os.tmpdir(), `club-two-step-clock-${process.pid}`);
  const suite = useServer(testDatabases[0]!, fakeClockEnv(clock));
  const { codeAt, freshStep } = authenticatorApp(clock);
  const chrome = useBrowser();

  it('is turned on with the QR code or its key, then asked for at sign-in, and turned off', async () => {
    const { page, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    const questions = acceptDialogs(page);
    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/admin/administrators`);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // The key, as a person would type it into the app instead of scanning.
    const secret = (await page.locator('code').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);

    await freshStep();
    await page.getByLabel('Code from the app').fill(codeAt(secret, -30) === '123456' ? '654321' : '123456');
    const turningOn = page.locator('form').filter({ hasText: 'Code from the app' });
    await turningOn.getByLabel('Your password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expectNotice(page, `Failed to turn on two-step sign-in: 400: ${CODE_WRONG}`);
    await page.getByText(CODE_WRONG, { exact: true }).waitFor();
    await page.getByLabel('Code from the app').fill(codeAt(secret, -30));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expectNotice(page, 'Two-step sign-in is on: signing in now asks for the code your app shows.');
    await page.getByText('Two-step sign-in is on.', { exact: true }).waitFor();
    await expect(page.getByTestId('two-step-state').textContent()).resolves.toContain('Two-step sign-in is on');

    // Signed out; the sign-in form asks for the code once the password was right.
    await page.context().clearCookies();
    await page.goto(`${suite.url}/admin`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: CODE_NEEDED }).waitFor();
    const code = page.getByLabel('Code from your authenticator app');
    await expectFocused(code);
    await expect(code.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    await expectNoAxeViolations(page);
    // A mistyped code first: refused, and shown on the Administrators screen afterwards.
    const valid = [-30, 0, 30].map((seconds) => codeAt(secret, seconds));
    await code.fill(valid.includes('000000') ? '111111' : '000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: CODE_WRONG }).waitFor();
    await code.fill(codeAt(secret));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${suite.url}/admin/dashboard`);

    await page.goto(`${suite.url}/admin/administrators`);
    await expect(page.getByTestId('wrong-codes').textContent()).resolves.toMatch(
      /^The right password was sent with a wrong two-step code once, last .+ at .+\. If that was not you, someone knows the password: change your password\.$/,
    );
    await expectNoAxeViolations(page);
    // Turned off with the password, asked where the button was.
    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await page.getByText('Turn off two-step sign-in? Signing in will ask for your password only.').waitFor();
    const yourPassword = page.locator('form').filter({ hasText: 'Turn off two-step sign-in?' }).getByLabel('Your password');
    await expectFocused(yourPassword);
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await page.getByText('Your password is required').waitFor();
    await yourPassword.fill('not-the-password');
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await page.getByText('The current password is not correct', { exact: true }).first().waitFor();
    await expectNoAxeViolations(page);
    await yourPassword.fill(ADMIN.password);
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expectNotice(page, 'Two-step sign-in is off: signing in asks for your password only.');
    expect(questions).toEqual([]);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor();
    // Turned off, the count starts again.
    await expect(page.getByTestId('wrong-codes').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
