import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import {
  ACTIVITY_DAYS,
  deletedAdditionsNotice,
  putBackNotice,
  restoredNotice,
  type ActivityPage,
  type ActivityPerson,
} from '../../core/activity/activity.schema.ts';
import { TRASH_DAYS } from '../../core/trash/trash.schema.ts';
import { apiRequest, errorMessage } from '../api.ts';
import { useTimeZone } from '../dates.ts';
import type { Admin } from '../types.ts';
import { AdminPage, Card, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/field.tsx';
import { ActivityLine, actionOf, WHO_PARAMETER } from '../ui/activity-line.tsx';
import { EmptyState } from '../ui/list-state.tsx';
import { UndoAll } from '../ui/undo-all.tsx';
import { RemovalsToPutBack } from './removals-to-put-back.tsx';
import { ACTIVITY_URL, ADMINISTRATORS_URL } from '../list-urls.ts';

/**
 * Who did what, newest first (docs/decisions/049): the club can tell who deleted the Christmas
 * fair, and an administrator can see a sign-in or a change that was not theirs.
 */
export function ActivityScreen() {
  const timeZone = useTimeZone();
  // Everyone's lines, or one administrator's: what a password that leaked was used for. In the
  // address (?who=), so that a line elsewhere can link to what one administrator did.
  const [params, setParams] = useSearchParams();
  const adminId = params.get(WHO_PARAMETER) ?? '';
  const setAdminId = (id: string) =>
    setParams(
      (previous) => {
        if (id) previous.set(WHO_PARAMETER, id);
        else previous.delete(WHO_PARAMETER);
        return previous;
      },
      { replace: true },
    );
  const admins = useQuery<Admin[]>({ queryKey: [ADMINISTRATORS_URL] });
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
  const deletable = log.data?.pages[0]?.deletableAdditions ?? 0;
  const editable = log.data?.pages[0]?.editsToPutBack ?? 0;
  const removals = log.data?.pages[0]?.removalsToPutBack ?? [];
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
        {/* What a stranger with a password did, undone in a tap: their deletes put back (051), what
            they added taken off (054), what they rewrote put back from its earlier versions (058). */}
        {adminId && adminName && restorable > 0 && (
          <UndoAll
            url={`${ACTIVITY_URL}/restore`}
            countKey="restored"
            adminId={adminId}
            said={`${adminName} deleted ${itemsOf(restorable)} that can still be restored.`}
            button={`Restore all ${itemsOf(restorable)}`}
            description={`This puts the ${itemsOf(restorable)} ${adminName} deleted back on the site as they were. Their edits are not undone here: 'Put back all' does that.`}
            confirm="Restore all"
            confirming="Restoring..."
            notice={restoredNotice}
            failure="Failed to restore"
          />
        )}
        {adminId && adminName && deletable > 0 && (
          <UndoAll
            url={`${ACTIVITY_URL}/delete-additions`}
            countKey="deleted"
            adminId={adminId}
            said={`${adminName} added ${itemsOf(deletable)} in the last ${TRASH_DAYS} days that ${deletable === 1 ? 'is' : 'are'} still on the site.`}
            button={`Delete all ${itemsOf(deletable)}`}
            description={`This takes the ${itemsOf(deletable)} ${adminName} added in the last ${TRASH_DAYS} days off the site. They wait in Recently deleted for ${TRASH_DAYS} days, where each can be restored.`}
            confirm="Delete all"
            confirming="Deleting..."
            notice={deletedAdditionsNotice}
            failure="Failed to delete"
            variant="destructive"
          />
        )}
        {adminId && adminName && editable > 0 && (
          <UndoAll
            url={`${ACTIVITY_URL}/put-back-edits`}
            countKey="putBack"
            adminId={adminId}
            said={`${adminName} edited ${editable === 1 ? '1 page or item that still says' : `${editable} pages or items that still say`} what they saved.`}
            button={`Put back all ${editable}`}
            description={`This puts the words and links of ${editable === 1 ? 'that page or item' : `those ${editable}`} back as they were before ${adminName}'s edits of the last ${TRASH_DAYS} days (pictures stay as they are). What ${adminName} saved is kept among the earlier versions. Anything someone else saved since is left alone.`}
            confirm="Put back all"
            confirming="Putting back..."
            notice={putBackNotice}
            failure="Failed to put back"
          />
        )}
        {adminId && adminName && removals.length > 0 && <RemovalsToPutBack adminName={adminName} removals={removals} />}
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
                <ActivityLine key={entry.id} entry={entry} timeZone={timeZone} action={actionOf(entry)} />
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

const itemsOf = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;
