import { backupStatusSchema } from '../../../../core/backup/backup-status.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** For the Settings screen: when the last backup was taken. */
export const GET = endpoint({ summary: 'When the last backup was taken', response: backupStatusSchema }, (_context, app) =>
  json({
    lastBackupAt: app.backups.lastTakenAt()?.toISOString() ?? null,
    daily: app.config.backup.daily,
    hour: app.config.backup.hour,
    keep: app.config.backup.keep,
  }),
);
