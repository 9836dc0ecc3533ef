import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../components/ui/notices.ts';
import { restoredAdminMessage, type RemovedAdmin } from '../core/admins/admins.schema.ts';
import { apiRequest, errorMessage } from './api.ts';
import { ACTIVITY_URL, ADMINISTRATORS_URL, REMOVED_ADMINISTRATORS_URL } from './list-urls.ts';

/** What 'Undo' after a removal does, for screen readers. */
export const RESTORE_ADMIN_HINT = 'Put them back from Recently removed, below the list';

/** Puts a removed administrator back: 'Undo' after a removal, 'Restore' under Recently removed and on the removal's line in the log. */
export function useRestoreAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (admin: Pick<RemovedAdmin, 'id' | 'username'>) => apiRequest('POST', `${REMOVED_ADMINISTRATORS_URL}/${admin.id}/restore`),
    onSuccess: async (_answer, admin) => {
      notify({ title: 'Success', description: restoredAdminMessage(admin.username) });
      // The activity log too: its line of the removal no longer offers 'Restore'.
      await Promise.all(
        [ADMINISTRATORS_URL, REMOVED_ADMINISTRATORS_URL, ACTIVITY_URL].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      );
    },
    onError: (error) => notify({ title: 'Error', description: `Failed to restore: ${errorMessage(error)}`, variant: 'destructive' }),
  });
}
