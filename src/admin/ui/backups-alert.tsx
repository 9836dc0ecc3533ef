import { useQuery } from '@tanstack/react-query';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';
import type { BackupStatus } from '../types.ts';
import { AdminLink } from './admin-link.tsx';

/** Where the backups' state is read (the Settings screen's card reads it too). */
export const BACKUP_STATUS_URL = '/api/admin/backups';

/**
 * On the dashboard, where volunteers look first: a word when the backups need someone (the
 * database found damaged, an empty site beside backups of an earlier one, the last backup failed,
 * its copy to the bucket failed), pointing to Settings, which says what happened and what to do.
 * Nothing when all is well.
 */
export function BackupsAlert() {
  const status = useQuery<BackupStatus>({ queryKey: [BACKUP_STATUS_URL], refetchOnWindowFocus: true });
  const data = status.data;
  const problem = data?.databaseDamagedAt
    ? "The site's database was found damaged, and no backup is taken while it is."
    : data?.earlierSite
      ? 'This site holds no news, events or photos, but backups of it from before are kept: if it lost its data, they bring it back.'
      : data?.lastFailure
        ? 'The last backup failed.'
        : data?.offsite?.lastFailure
          ? 'The last copy of a backup to the bucket failed.'
          : null;
  if (!problem) return null;
  return (
    <p role="alert" className="mb-6 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
      {problem} See Backups in{' '}
      <AdminLink href={ADMIN_SCREENS.settings.href} className="font-semibold underline">
        {ADMIN_SCREENS.settings.label}
      </AdminLink>
      .
    </p>
  );
}
