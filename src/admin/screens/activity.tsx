import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACTIVITY_DAYS, restoredNotice, type ActivityPage, type ActivityPerson } from '../../core/activity/activity.schema.ts';
import { notify } from '../../components/ui/notices.ts';
import { apiRequest, errorMessage } from '../api.ts';
import { useTimeZone } from '../dates.ts';
import type { Admin } from '../types.ts';
import { AdminPage, Card, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { SelectField } from '../ui/field.tsx';
import { ACTIVITY_URL, ActivityLine, restoreOf } from '../ui/activity-line.tsx';
import { EmptyState } from '../ui/list-state.tsx';

/**
 * Who did what, newest first (docs/decisions/049): the club can tell who deleted the Christmas
 * fair, and an administrator can see a sign-in or a change that was not theirs.
 */
export function ActivityScreen() {
  const timeZone = useTimeZone();
  // Everyone's lines, or one administrator's: what a password that leaked was used for.
  const [adminId, setAdminId] = useState('');
  const admins = useQuery<Admin[]>({ queryKey: ['/api/admin/administrators'] });
  // Removed administrators too: an account a stranger made is removed first, and undone after.
  const people = useQuery<ActivityPerson[]>({ queryKey: [`${ACTIVITY_URL}/administrators`], staleTime: 0 });
  const current = new Set((admins.data ?? []).map((admin) => admin.id));
  const who = [
    ...(admins.data ?? []).map((admin) => ({ id: admin.id, label: admin.username, name: admin.username })),
    ...(people.data ?? [])
      .filter((person) => !current.has(person.id))
      .map((person) => ({ id: person.id, label: `${person.username} (removed)`, name: person.username })),
  ];
  const log = useInfiniteQuery({
    queryKey: [ACTIVITY_URL, adminId],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ ...(adminId && { admin: adminId }), ...(pageParam && { before: pageParam }) }).toString();
      return apiRequest<ActivityPage>('GET', query ? `${ACTIVITY_URL}?${query}` : ACTIVITY_URL);
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    // Read anew each time the screen opens: the other screens' saves add lines.
    staleTime: 0,
  });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const restorable = log.data?.pages[0]?.restorableDeletes ?? 0;
  const adminName = who.find((person) => person.id === adminId)?.name;
  return (
    <AdminPage title="Activity">
      <Card>
        <p className="mb-4 text-slate-700">
          Every change made in the admin, and every sign-in, newest first. Lines are kept for {ACTIVITY_DAYS} days. A sign-in or a change
          that nobody on the committee made means someone else has a password: change it, and sign that administrator out everywhere.
        </p>
        <div className="mb-4 max-w-xs">
          <SelectField label="Who" value={adminId} onChange={(event) => setAdminId(event.target.value)}>
            <option value="">Everyone</option>
            {who.map((person) => (
              <option key={person.id} value={person.id}>
                {person.label}
              </option>
            ))}
          </SelectField>
        </div>
        {adminId && adminName && restorable > 0 && <RestoreAll adminId={adminId} adminName={adminName} count={restorable} />}
        {log.isLoading ? (
          <LoadingText>Loading activity...</LoadingText>
        ) : !log.data ? (
          <p role="alert">{`Failed to load the activity: ${errorMessage(log.error)}`}</p>
        ) : entries.length === 0 ? (
          <EmptyState>{adminId ? 'Nothing is recorded for this administrator.' : 'Nothing has been recorded yet.'}</EmptyState>
        ) : (
          <>
            <ol className="divide-y divide-slate-200" data-testid="activity">
              {entries.map((entry) => (
                <ActivityLine key={entry.id} entry={entry} timeZone={timeZone} action={restoreOf(entry)} />
              ))}
            </ol>
            {log.hasNextPage && (
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                  {log.isFetchingNextPage ? 'Loading...' : 'Show more'}
                </Button>
              </div>
            )}
            {/* A failed 'Show more' keeps the lines shown, says why, and can be tapped again. */}
            {log.isFetchNextPageError && <p role="alert">{`Failed to load more: ${errorMessage(log.error)}`}</p>}
          </>
        )}
      </Card>
    </AdminPage>
  );
}

/**
 * 'Restore all' (docs/decisions/051): what one administrator deleted, back in one tap, when a
 * stranger with their password (or their own bad afternoon) emptied the lists. Their edits are
 * not undone: those are put right by hand, or from a backup.
 */
function RestoreAll({ adminId, adminName, count }: { adminId: string; adminName: string; count: number }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const items = `${count} ${count === 1 ? 'item' : 'items'}`;
  const restoreAll = useMutation({
    mutationFn: () => apiRequest<{ restored: number }>('POST', `${ACTIVITY_URL}/restore`, { admin: adminId }),
    onSuccess: (answer) => notify({ title: 'Success', description: restoredNotice(answer.restored) }),
    onError: (error) => notify({ title: 'Error', description: `Failed to restore: ${errorMessage(error)}`, variant: 'destructive' }),
    // The lists, the recently deleted and the log all change; a failure may have restored some.
    onSettled: () => {
      setAsking(false);
      return queryClient.invalidateQueries();
    },
  });
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-slate-800">{`${adminName} deleted ${items} that can still be restored.`}</p>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {`Restore all ${items}`}
      </Button>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        onConfirm={() => restoreAll.mutate()}
        pending={restoreAll.isPending}
        description={`This puts the ${items} ${adminName} deleted back on the site as they were. Their edits are not undone.`}
        confirm="Restore all"
        confirming="Restoring..."
      />
    </div>
  );
}
