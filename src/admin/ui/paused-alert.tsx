import type { ActivityPage } from '../../core/activity/activity.schema.ts';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';
import { formatDisplayDateTime } from '../../core/shared/time.ts';
import { AdminLink } from './admin-link.tsx';
import { WHO_PARAMETER } from './activity-line.tsx';

/**
 * On the dashboard, for a week: each account paused for making more changes than a person would
 * (docs/decisions/059), most likely a script with its password. The line in the activity log is
 * soon pushed down by the script's own changes; this stays where the committee looks first.
 */
export function PausedAlert({ pauses, timeZone }: { pauses: ActivityPage['pauses']; timeZone: string }) {
  if (!pauses || pauses.length === 0) return null;
  return (
    <div role="alert" className="mb-6 space-y-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
      {pauses.map((pause) => {
        const name = pause.adminName ?? 'An administrator';
        return (
          <p key={pause.adminId}>
            {`${name}’s account was paused on ${formatDisplayDateTime(pause.at, timeZone)}: it made more changes in an hour than a person would. `}
            {`If nobody on the committee was doing that, someone else has its password: change it on Administrators, and sign ${name} out everywhere. `}
            <AdminLink href={`${ADMIN_SCREENS.activity.href}?${WHO_PARAMETER}=${pause.adminId}`} className="font-semibold underline">
              What they did
            </AdminLink>
          </p>
        );
      })}
    </div>
  );
}
