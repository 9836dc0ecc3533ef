import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_DAMAGED } from '../../src/core/db/errors.ts';
import { expectNotice, signInWithCookie } from '../setup/admin-browser.ts';
import { expectNoAxeViolations, openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { damageTable } from '../setup/damage.ts';
import { adminToken, create, denBuilding } from '../setup/fill-site.ts';
import { ADMIN, startServer, type RunningServer } from '../setup/server.ts';

// A volunteer on a phone, the day the disk damaged the events table: Settings says what happened
// and what to ask for, and the backup button says why it cannot take one.

describe('a damaged database in the admin, in Chromium', () => {
  const chrome = useBrowser();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-damaged-e2e-'));
  const env = { DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('Settings says the database is damaged, and Download a backup says why none is taken', async () => {
    server = await startServer(env);
    await create(server.url, await adminToken(server.url), '/api/admin/events', denBuilding());
    await server.stop();
    damageTable(path.join(dataDir, 'club.sqlite'), 'events');
    server = await startServer(env, undefined, { healthy: false });

    const { page, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, server.url);
    // The dashboard, where volunteers look first, points to Settings.
    await page.goto(`${server.url}/admin/dashboard`);
    const pointer = page
      .getByRole('alert')
      .filter({ hasText: "The site's database was found damaged, and no backup is taken while it is." });
    await pointer.waitFor();
    // What needs the damaged table says it failed, rather than 'No events found.'
    await page
      .getByRole('alert')
      .filter({ hasText: `Failed to load events: 503: ${DATABASE_DAMAGED}` })
      .waitFor();
    expect(await page.getByText('No events found.').count()).toBe(0);
    await pointer.getByRole('link', { name: 'Site Settings' }).click();
    await page.waitForURL(`${server.url}/admin/settings`);
    const alert = page.getByRole('alert').filter({ hasText: 'damaged' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(
      /^The site's database was found damaged \([A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2}\)\. No backup is taken while it is, so the older ones are kept as they are\. Tell whoever runs the site: it needs restoring from the last good backup\.$/,
    );
    await page.getByRole('button', { name: 'Download a backup' }).click();
    await page.getByLabel('Your password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expectNotice(page, `Failed to take a backup: 503: ${DATABASE_DAMAGED}`);
    await expectNoAxeViolations(page);

    // Visitors get the site's own page for it, not a browser error or a stack.
    const answer = await page.goto(`${server.url}/events`);
    expect(answer?.status()).toBe(503);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('The site is unavailable for a moment');
    expect(errors).toEqual([]);
    await close();
  });
});
