import { backupDownload } from '../../../../server/http/backup-download.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';

/**
 * Takes a backup now (kept in the backup folder like the daily ones) and sends it in one request:
 * the archive `npm run backup` writes, for a plain link or a script. A GET, so that a link
 * downloads it with the session cookie. (The Settings screen takes one with POST first, so that
 * it can show why when none can be taken.)
 */
export const GET = endpoint({ summary: 'Take a backup and download it (application/gzip)' }, async (_context, app) =>
  backupDownload(await app.backups.takeNow()),
);
