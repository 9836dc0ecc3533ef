import { backupDownload } from '../../../../../server/http/backup-download.ts';
import { endpoint } from '../../../../../server/http/endpoint.ts';
import { HttpError } from '../../../../../server/http/errors.ts';

/** One backup of the backup folder, by the name POST /api/admin/backups gave it, as a download. */
export const GET = endpoint({ summary: 'Download a backup from the backup folder (application/gzip)' }, (context, app) => {
  const file = app.backups.fileNamed(context.params.name ?? '');
  if (!file) throw new HttpError(404, 'Backup not found');
  return backupDownload(file);
});
