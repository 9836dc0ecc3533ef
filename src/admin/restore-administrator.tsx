import { restoredAdminMessage, type RemovedAdmin } from '../core/admins/admins.schema.ts';
import { PasswordForm } from './forms/password-confirm.tsx';
import { ACTIVITY_URL, ADMINISTRATORS_URL, REMOVED_ADMINISTRATORS_URL } from './list-urls.ts';
import { Button } from './ui/button.tsx';
import { useSave } from './use-save.ts';

/** What 'Undo' after a removal does, for screen readers. */
export const RESTORE_ADMIN_HINT = 'Put them back from Recently removed, below the list';

/**
 * 'Restore' of a removed administrator, under Recently removed and on the removal's line in the
 * log: it asks for the password of whoever puts them back (docs/decisions/047, 125), since an
 * account put back is a way in that outlasts a session, as one added is. `asking`: the password
 * form is open in place of the button ('Undo' after a removal opens it too).
 */
export function RestoreAdministrator({
  admin,
  asking,
  onAsking,
}: {
  admin: Pick<RemovedAdmin, 'id' | 'username'>;
  asking: boolean;
  onAsking: (asking: boolean) => void;
}) {
  const restore = useSave<{ currentPassword: string }>({
    method: 'POST',
    url: () => `${REMOVED_ADMINISTRATORS_URL}/${admin.id}/restore`,
    body: (input) => input,
    success: () => restoredAdminMessage(admin.username),
    failure: 'Failed to restore',
    // The activity log too: its line of the removal no longer offers 'Restore'.
    refresh: [ADMINISTRATORS_URL, REMOVED_ADMINISTRATORS_URL, ACTIVITY_URL],
    onSuccess: () => onAsking(false),
  });
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => onAsking(true)}>
        Restore<span className="sr-only"> {admin.username}</span>
      </Button>
    );
  }
  return (
    <PasswordForm save={restore} label="Restore" pendingLabel="Restoring..." onCancel={() => onAsking(false)}>
      <p className="text-sm text-slate-700">
        Put {admin.username} back as an administrator? They sign in with their own password (and two-step sign-in) as before.
      </p>
    </PasswordForm>
  );
}
