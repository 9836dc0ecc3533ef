import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { backupTakenSchema } from '../../core/backup/backup-status.schema.ts';
import { formatDisplayDateTime } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import type { BackupStatus } from '../types.ts';
import { Card } from '../ui/admin-page.tsx';
import { BACKUP_STATUS_URL } from '../ui/backups-alert.tsx';
import { Button } from '../ui/button.tsx';
import { PasswordForm } from '../forms/password-confirm.tsx';
import { useSave } from '../use-save.ts';
import { dailyBackups } from './backup-lines.ts';

const ALERT = 'mt-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800';

/**
 * When the last backup was taken (or that the last one failed, and why), and one to download now,
 * for volunteers with no shell on the host. The backup is taken first and then downloaded, so that
 * a full disk is said in words rather than as a browser's failed download.
 */
export function BackupsCard() {
  const timeZone = useTimeZone();
  const status = useQuery<BackupStatus>({ queryKey: [BACKUP_STATUS_URL], refetchOnWindowFocus: true });
  // The backup holds every password hash and two-step secret: taking one asks for the password (decision 047).
  const [asking, setAsking] = useState(false);
  const take = useSave<{ currentPassword: string }>({
    method: 'POST',
    url: () => BACKUP_STATUS_URL,
    body: (proof) => proof,
    success: 'The backup was taken: your browser is downloading it.',
    failure: 'Failed to take a backup',
    refresh: [BACKUP_STATUS_URL],
    onSuccess: (_input, _etag, body) => {
      setAsking(false);
      window.location.assign((body as z.output<typeof backupTakenSchema>).downloadUrl);
    },
    onError: () => void status.refetch(),
  });
  const last = status.data?.lastBackupAt;
  const failure = status.data?.lastFailure;
  const damagedAt = status.data?.databaseDamagedAt;
  const offsite = status.data?.offsite;
  const earlierSite = status.data?.earlierSite;
  const when = (iso: string) => formatDisplayDateTime(iso, timeZone);
  return (
    <Card>
      <h2 className="mb-3 text-xl font-bold">Backups</h2>
      <p className="text-slate-700" data-testid="last-backup">
        {status.isLoading ? 'Checking the last backup...' : last ? `Last backup: ${when(last)}.` : 'No backup has been taken yet.'}
      </p>
      {damagedAt ? (
        <p role="alert" className={ALERT}>
          The site&apos;s database was found damaged ({when(damagedAt)}). No backup is taken while it is, so the older ones are kept as they
          are. Tell whoever runs the site: it needs restoring from the last good backup.
        </p>
      ) : (
        failure && (
          <p role="alert" className={ALERT}>
            The last backup failed ({when(failure.at)}). {failure.message}
          </p>
        )
      )}
      {earlierSite && (
        <p role="alert" className={ALERT} data-testid="earlier-site">
          This site&apos;s database was made on {when(earlierSite.databaseMadeAt)} and holds no news, events or photos, but backups of the
          site from before it are kept, the newest of {when(earlierSite.copyAt)}. If the site lost its data (its disk, or a move to a new
          server), whoever runs the site can bring that backup back: stop the site, run{' '}
          <code className="rounded bg-white px-1 wrap-anywhere">{earlierSite.command}</code> on the server, and start it again. If the club
          meant to start afresh, this goes once the site holds news, events or photos.
        </p>
      )}
      {offsite && (
        <p className="mt-2 text-slate-700" data-testid="offsite-copy">
          {offsite.newestCopyAt
            ? `Copied off the server to the bucket ${offsite.bucket}: the newest copy is of ${when(offsite.newestCopyAt)}.`
            : `Backups are copied off the server to the bucket ${offsite.bucket}; none is there yet.`}{' '}
          {offsite.encrypted
            ? 'The copies are encrypted: only the holders of the backup key can open them.'
            : 'The copies are not encrypted: whoever can read the bucket can read them. Whoever runs the site can encrypt them (BACKUP_RECIPIENTS).'}
        </p>
      )}
      {offsite?.lastFailure && (
        <p role="alert" className={ALERT}>
          The last copy to the bucket failed ({when(offsite.lastFailure.at)}). {offsite.lastFailure.message}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {status.data && dailyBackups(status.data)} A backup holds everything on the site, the administrators&apos; password hashes included:
        keep it private.
      </p>
      {asking ? (
        <PasswordForm
          save={take}
          label="Download"
          pendingLabel="Taking a backup..."
          onCancel={() => setAsking(false)}
          className="mt-4 space-y-3"
        />
      ) : (
        <Button variant="secondary" className="mt-4" onClick={() => setAsking(true)}>
          Download a backup
        </Button>
      )}
    </Card>
  );
}
