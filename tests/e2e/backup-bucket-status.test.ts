import { afterAll, describe, expect, it } from 'vitest';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { BACKUP_BUCKET, bucketEnv, dailyCopyName, putCopies, until } from '../setup/backup-bucket.ts';
import { expectNoAxeViolations, keepScreenshot, openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { startS3, type LocalS3 } from '../setup/s3-server.ts';
import { runScript } from '../setup/scripts.ts';
import { startServer, type RunningServer } from '../setup/server.ts';
import type { BackupStatus } from '../../src/core/backup/backup-status.schema.ts';
import { freePort } from '../setup/start-server.ts';

// Volunteers see in Settings whether the copies off the server can be read by whoever reads the bucket.

const COPIED = new RegExp(
  `^Copied off the server to the bucket ${BACKUP_BUCKET}: the newest copy is of [A-Z][a-z]+ \\d{1,2}, \\d{4} at \\d{2}:\\d{2}\\. `,
);

describe('the backup bucket in Settings, in Chromium', () => {
  const chrome = useBrowser();
  let s3: LocalS3 | undefined;
  let server: RunningServer | undefined;
  let site: FreshDatabase | undefined;
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
    await site?.drop();
  });

  it('says whether the copies are encrypted', async () => {
    const port = await freePort();
    s3 = await startS3([BACKUP_BUCKET], port);
    site = await sqliteDb.create();
    const keys = await runScript('backup-key', [], {});
    const publicKey = /^BACKUP_RECIPIENTS=(age1\w+)$/m.exec(keys.out)![1]!;
    const { page, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    for (const [recipients, sentence] of [
      [
        '',
        'The copies are not encrypted: whoever can read the bucket can read them. Whoever runs the site can encrypt them (BACKUP_RECIPIENTS).',
      ],
      [publicKey, 'The copies are encrypted: only the holders of the backup key can open them.'],
    ] as const) {
      server = await startServer({ ...bucketEnv(port, site), BACKUP_RECIPIENTS: recipients });
      await until(
        () => s3!.keys(BACKUP_BUCKET).filter((key) => key.endsWith('.age') === (recipients !== '')),
        (found) => found.length > 0,
        'the copy',
      );
      await signInWithCookie(page, server.url);
      await page.goto(`${server.url}/admin/settings`);
      const line = page.getByTestId('offsite-copy');
      await line.getByText(sentence).waitFor();
      await expect(line.textContent()).resolves.toMatch(COPIED);
      await expectNoAxeViolations(page);
      await server.stop();
      server = undefined;
    }
    expect(errors).toEqual([]);
    await close();
  }, 90_000);

  it('says on the dashboard, and in Settings with the command, that an empty site has copies of an earlier one in the bucket', async () => {
    await s3?.stop();
    const port = await freePort();
    s3 = await startS3([BACKUP_BUCKET], port);
    // The club's copies up to three days ago; then the site starts on an empty disk.
    const earlier = [dailyCopyName(3), dailyCopyName(4)];
    await putCopies(port, earlier);
    await site?.drop();
    site = await sqliteDb.create();
    server = await startServer(bucketEnv(port, site));
    const { page, errors, close } = await openPage(chrome.browser, TOUCH_PHONE);
    await signInWithCookie(page, server.url);
    // The empty site's first backup goes to the bucket, which is then listed.
    await until(
      async () => ((await (await page.request.get(`${server!.url}/api/admin/backups`)).json()) as BackupStatus).earlierSite,
      (earlierSite) => Boolean(earlierSite),
      'the bucket listed',
    );
    await page.goto(`${server.url}/admin/dashboard`);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'This site holds no news, events or photos, but backups of it from before are kept' });
    await alert.waitFor();
    await keepScreenshot(page, 'dashboard-earlier-site-phone');
    await alert.getByRole('link', { name: 'Site Settings' }).click();
    const advice = page.getByTestId('earlier-site');
    await advice.waitFor();
    await expect(advice.locator('code').textContent()).resolves.toBe(`npm run restore -- --from-bucket ${earlier[0]} --replace`);
    await expect(advice.textContent()).resolves.toMatch(/the newest of [A-Z][a-z]+ \d{1,2}, \d{4} at 0?\d{1,2}:\d{2}\./);
    // The command wraps on a phone rather than widening the page.
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await keepScreenshot(advice, 'settings-earlier-site-phone');
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});
