import { ticketAllows } from '../../../../../core/backup/download-tickets.ts';
import { backupDownload } from '../../../../../server/http/backup-download.ts';
import { endpoint, requireAdmin } from '../../../../../server/http/endpoint.ts';
import { HttpError } from '../../../../../server/http/errors.ts';

/**
 * One backup of the backup folder, by the name and address POST /api/admin/backups gave it, as a
 * download: only with its ticket, for the administrator who took it, within 10 minutes.
 */
export const GET = endpoint({ summary: 'Download a backup from the backup folder (application/gzip)' }, async (context, app) => {
  const name = context.params.name ?? '';
  if (!ticketAllows(context.url.searchParams.get('ticket'), name, requireAdmin(context).id)) {
    throw new HttpError(
      403,
      'This download address has run out or is not yours. Take a backup again from Site Settings: it asks for your password.',
    );
  }
  const file = await app.backups.fileNamed(name);
  if (!file) throw new HttpError(404, 'Backup not found');
  return backupDownload(file);
});
