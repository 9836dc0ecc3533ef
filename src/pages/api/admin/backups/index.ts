import { noteActivity } from '../../../../server/http/activity.ts';
import path from 'node:path';
import { backupStatusSchema, backupTakenSchema } from '../../../../core/backup/backup-status.schema.ts';
import { backupFileUrl } from '../../../../server/http/backup-download.ts';
import { passwordConfirmationSchema } from '../../../../core/admins/admins.schema.ts';
import { endpoint, passwordProof } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** For the Settings screen: when the last backup was taken, and whether the last one failed. */
export const GET = endpoint(
  { summary: 'When the last backup was taken, and the last failure', response: backupStatusSchema },
  async (_context, app) => {
    const failure = app.backups.lastFailure();
    const offsite = app.backups.offsite();
    const earlier = await app.backups.earlierSite();
    return json({
      lastBackupAt: (await app.backups.lastTakenAt())?.toISOString() ?? null,
      daily: app.config.backup.daily,
      hour: app.config.backup.hour,
      keep: app.config.backup.keep,
      roomFor: app.backups.roomFor(),
      lastFailure: failure && { at: failure.at.toISOString(), message: failure.message },
      databaseDamagedAt: app.damage.found()?.at.toISOString() ?? null,
      offsite: offsite && {
        bucket: offsite.bucket,
        encrypted: offsite.encrypted,
        newestCopyAt: offsite.newestCopyAt?.toISOString() ?? null,
        lastFailure: offsite.lastFailure && { at: offsite.lastFailure.at.toISOString(), message: offsite.lastFailure.message },
      },
      earlierSite: earlier && {
        databaseMadeAt: earlier.databaseMadeAt.toISOString(),
        copyAt: earlier.copyAt.toISOString(),
        command: earlier.command,
      },
    });
  },
);

/**
 * Takes a backup now (kept in the backup folder like the daily ones) and names it, so that the
 * Settings screen can say at once when it cannot be taken, then download it. The backup holds
 * every password hash and two-step secret: the session alone does not take one (decision 047).
 */
export const POST = endpoint(
  {
    summary: 'Take a backup now, with your own password; answers an address to download it within 10 minutes',
    body: passwordConfirmationSchema,
    response: backupTakenSchema,
    status: 201,
  },
  async (context, app, input) => {
    const proof = passwordProof(context, app, input.currentPassword);
    await app.admins.confirmPassword(proof);
    const name = path.basename(await app.backups.takeNow());
    noteActivity(context, { action: 'took-backup' });
    return json({ name, downloadUrl: backupFileUrl(name, proof.adminId) });
  },
);
