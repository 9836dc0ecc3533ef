import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../components/ui/notices.ts';
import type { TrashKind } from '../core/trash/trash.schema.ts';
import { apiRequest, errorMessage } from './api.ts';
import { LIST_URLS } from './list-urls.ts';

/** What 'Undo' after a delete does, for screen readers. */
export const RESTORE_HINT = 'Restore it from Recently deleted, below the list';

/** The recently deleted of one list: its query key, restore ('Undo', 'Restore') and delete for ever. */
export function useTrash(kind: TrashKind) {
  const queryClient = useQueryClient();
  const listUrl = LIST_URLS[kind];
  const deletedUrl = `/api/admin/deleted/${kind}`;
  const refresh = () => Promise.all([listUrl, deletedUrl].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
  const restore = useMutation({
    mutationFn: (id: string) => apiRequest('POST', `${deletedUrl}/${id}/restore`),
    onSuccess: async () => {
      notify({ title: 'Success', description: 'Restored: it is back on the site as it was.' });
      await refresh();
    },
    onError: (error) => notify({ title: 'Error', description: `Failed to restore: ${errorMessage(error)}`, variant: 'destructive' }),
  });
  const purge = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${deletedUrl}/${id}`),
    onSuccess: async () => {
      notify({ title: 'Success', description: 'Deleted for ever.' });
      await refresh();
    },
    onError: (error) =>
      notify({ title: 'Error', description: `Failed to delete for ever: ${errorMessage(error)}`, variant: 'destructive' }),
  });
  return { deletedUrl, restore, purge, refresh };
}
