import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { clearAllDrafts } from './drafts.ts';
import { agreeToLeave } from './unsaved-changes.ts';

/**
 * Signs out; then a full load, so the server guard decides what comes next and the page's data
 * goes. With a form holding unsaved typing it asks first, as leaving a screen does: a thumb that
 * meets 'Logout' in the menu must not throw away a news item being written (an iPhone asks
 * nothing before a page goes, and the drafts are cleared at sign-out).
 */
export function useLogout() {
  const logout = useMutation({
    mutationFn: () => {
      // Nothing typed stays on a shared computer.
      clearAllDrafts();
      return apiRequest('POST', '/api/admin/logout');
    },
    onSettled: () => window.location.assign('/admin'),
  });
  return {
    isPending: logout.isPending,
    mutate: () => {
      if (agreeToLeave()) logout.mutate();
    },
  };
}
