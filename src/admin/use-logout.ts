import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { clearAllDrafts } from './drafts.ts';

/** Signs out; then a full load, so the server guard decides what comes next and the page's data goes. */
export function useLogout() {
  return useMutation({
    mutationFn: () => {
      // Nothing typed stays on a shared computer.
      clearAllDrafts();
      return apiRequest('POST', '/api/admin/logout');
    },
    onSettled: () => window.location.assign('/admin'),
  });
}
