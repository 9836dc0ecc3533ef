import { useQuery } from '@tanstack/react-query';
import { formatDisplayDate } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import type { BackupStatus } from '../types.ts';
import { Card } from '../ui/admin-page.tsx';

const DOWNLOAD_URL = '/api/admin/backups/download';

/** When the last backup was taken, and one to download now, for volunteers with no shell on the host. */
export function BackupsCard() {
  const timeZone = useTimeZone();
  const status = useQuery<BackupStatus>({ queryKey: ['/api/admin/backups'], refetchOnWindowFocus: true });
  const last = status.data?.lastBackupAt;
  const time = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return (
    <Card>
      <h2 className="mb-3 text-xl font-bold">Backups</h2>
      <p className="text-slate-700" data-testid="last-backup">
        {status.isLoading
          ? 'Checking the last backup...'
          : last
            ? `Last backup: ${formatDisplayDate(last, timeZone)} at ${time(last)}.`
            : 'No backup has been taken yet.'}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {status.data?.daily
          ? `The server takes one every day at ${String(status.data.hour).padStart(2, '0')}:00 and keeps the newest ${status.data.keep}.`
          : 'The server does not take backups by itself: download one now and then, and keep it somewhere safe.'}{' '}
        A backup holds everything on the site, the administrators&apos; password hashes included: keep it private.
      </p>
      <a
        href={DOWNLOAD_URL}
        download
        onClick={() => setTimeout(() => void status.refetch(), 3000)}
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100"
      >
        Download a backup
      </a>
    </Card>
  );
}
