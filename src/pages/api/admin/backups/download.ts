import { noteActivity } from '../../../../server/http/activity.ts';
import { passwordConfirmationSchema } from '../../../../core/admins/admins.schema.ts';
import { backupDownload } from '../../../../server/http/backup-download.ts';
import { endpoint, passwordProof } from '../../../../server/http/endpoint.ts';

/**
 * Takes a backup now (kept in the backup folder like the daily ones) and sends it in one request,
 * for a script: `curl -H 'Authorization: Bearer …' -H 'Content-Type: application/json' -d '{"currentPassword":"…"}'`. The backup
 * holds every password hash and two-step secret, so the session alone does not take one
 * (docs/decisions/047). (The Settings screen takes one with POST /api/admin/backups first, so
 * that it can show why when none can be taken.)
 */
export const POST = endpoint(
  { summary: 'Take a backup with your own password and download it (application/gzip)', body: passwordConfirmationSchema },
  async (context, app, input) => {
    await app.admins.confirmPassword(passwordProof(context, app, input.currentPassword));
    const file = await app.backups.takeNow();
    noteActivity(context, { action: 'took-backup' });
    return backupDownload(file);
  },
);
