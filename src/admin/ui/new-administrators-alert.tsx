import { newAdministratorLine, type ActivityPage } from '../../core/activity/activity.schema.ts';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';
import { formatDisplayDateTime } from '../../core/shared/time.ts';
import { AdminLink } from './admin-link.tsx';

/**
 * On the dashboard, for a week: each administrator added lately (docs/decisions/064). A stranger
 * with a volunteer's password adds one of their own to come back after the password is changed;
 * its line in the activity log is soon pushed down, and this stays where the committee looks first.
 * One put back from Recently removed (125) is named too: their own account, removed, brought back.
 */
export function NewAdministratorsAlert({ added, timeZone }: { added: ActivityPage['newAdministrators']; timeZone: string }) {
  if (!added || added.length === 0) return null;
  return (
    <section aria-label="New administrators" className="mb-6 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
      {added.map((admin) => (
        <p key={admin.id}>
          {newAdministratorLine(admin, formatDisplayDateTime(admin.at, timeZone))}
          {`If nobody on the committee expected that, remove ${admin.username} on `}
          <AdminLink href={ADMIN_SCREENS.administrators.href} className="font-semibold underline">
            Administrators
          </AdminLink>
          {admin.addedBy ? ` and change ${admin.addedBy}’s password.` : '.'}
        </p>
      ))}
    </section>
  );
}
