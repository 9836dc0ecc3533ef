import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REMOVED_ADMIN_DAYS, type RemovedAdmin } from '../../core/admins/admins.schema.ts';
import { formatDisplayDate } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import { REMOVED_ADMINISTRATORS_URL } from '../list-urls.ts';
import { RestoreAdministrator } from '../restore-administrator.tsx';

/**
 * Below the administrators: those removed in the last 30 days, to put back as they were (a wrong
 * tap, or a stranger with a password removing the committee). Shown only when there are some.
 */
export function RecentlyRemoved({ restoring, onRestoring }: { restoring: string | null; onRestoring: (id: string | null) => void }) {
  const timeZone = useTimeZone();
  const removed = useQuery<RemovedAdmin[]>({ queryKey: [REMOVED_ADMINISTRATORS_URL] });
  // Open while a put-back asks for the password ('Undo' after a removal opens it), even if folded.
  const [open, setOpen] = useState(true);
  const admins = removed.data ?? [];
  if (admins.length === 0) return null;
  return (
    <details
      className="mt-6 rounded-lg border border-slate-200 bg-white"
      open={open || restoring !== null}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">Recently removed ({admins.length})</summary>
      <p className="px-4 text-sm text-slate-600">
        Removed in the last {REMOVED_ADMIN_DAYS} days. Restore puts one back as they were, with the same password and two-step sign-in; they
        sign in again. It asks for your password, as adding an administrator does. After {REMOVED_ADMIN_DAYS} days the account is gone for
        good.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200">
        {admins.map((admin) => (
          <li key={admin.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="break-words font-semibold">{admin.username}</p>
              <p className="text-sm text-slate-600">
                Removed {formatDisplayDate(admin.removedAt, timeZone)}
                {admin.removedBy ? ` by ${admin.removedBy}` : ' from the server’s command line'}; gone for good on{' '}
                {formatDisplayDate(admin.purgeAt, timeZone)}.
              </p>
            </div>
            <RestoreAdministrator
              admin={admin}
              asking={restoring === admin.id}
              onAsking={(asking) => onRestoring(asking ? admin.id : null)}
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
