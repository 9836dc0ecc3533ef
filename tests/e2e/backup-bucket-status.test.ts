import { afterAll, describe, expect, it } from 'vitest';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { BACKUP_BUCKET, bucketEnv, until } from '../setup/backup-bucket.ts';
import { expectNoAxeViolations, openPage, TOUCH_PHONE, useBrowser } from '../setup/browser.ts';
import { sqliteDb, type FreshDatabase } from '../setup/databases.ts';
import { startS3, type LocalS3 } from '../setup/s3-server.ts';
import { runScript } from '../setup/scripts.ts';
import { startServer, type RunningServer } from '../setup/server.ts';
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
});
