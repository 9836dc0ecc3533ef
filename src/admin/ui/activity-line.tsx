import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { describeActivity, trashKindOf, type ActivityEntry, type ActivitySubjectKind } from '../../core/activity/activity.schema.ts';
import { formatDisplayDateTime } from '../../core/shared/time.ts';
import type { TrashKind } from '../../core/trash/trash.schema.ts';
import { useTrash } from '../use-trash.ts';
import { ACTIVITY_URL } from '../list-urls.ts';
import { RestoreAdministrator } from '../restore-administrator.tsx';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';
import { EDIT_PARAMETER } from '../use-item-dialogs.ts';
import { AdminLink } from './admin-link.tsx';
import { Button } from './button.tsx';

/** The Activity screen's address parameter for 'Who': one administrator's id. */
export const WHO_PARAMETER = 'who';

/** One line of the activity log: the sentence, then when, from where, with what. */
export function ActivityLine({ entry, timeZone, action }: { entry: ActivityEntry; timeZone: string; action?: ReactNode }) {
  const where = [entry.address && `from ${entry.address}`, entry.device].filter(Boolean).join(', ');
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900">{describeActivity(entry)}</p>
        <p className="text-sm text-slate-600">
          <time dateTime={entry.at}>{formatDisplayDateTime(entry.at, timeZone)}</time>
          {where && ` · ${where}`}
        </p>
      </div>
      {action}
    </li>
  );
}

/**
 * What a line offers to put it right where it was found, in the log or on the dashboard:
 * 'Restore' beside a delete the server says it would undo now (the item is still among the
 * recently deleted, from that delete) or beside an administrator's removal (still among the
 * recently removed, 125), and 'Earlier versions' beside an edit of an information
 * page or the settings, whose screen lists what they said before (docs/decisions/055), or of a
 * news item, an event or a photo, whose edit dialog lists them (056, 061); 'What they did' beside a pause
 * (059), the log of that administrator alone.
 */
export function actionOf(entry: ActivityEntry): ReactNode {
  const kind = entry.restorable ? trashKindOf(entry.subjectKind) : null;
  if (kind && entry.subjectId) return <RestoreDeleted kind={kind} id={entry.subjectId} label={entry.subjectLabel ?? ''} />;
  if (entry.restorable && entry.action === 'removed' && entry.subjectId) {
    return <RestoreRemoved admin={{ id: entry.subjectId, username: entry.subjectLabel ?? '' }} />;
  }
  if (entry.action === 'paused' && entry.adminId) {
    // Most likely a script with their password: the log of that administrator, with its undo-all buttons.
    return (
      <AdminLink
        href={`${ADMIN_SCREENS.activity.href}?${WHO_PARAMETER}=${entry.adminId}`}
        className="text-sm font-medium text-blue-800 underline"
      >
        What they did<span className="sr-only"> ({entry.adminName})</span>
      </AdminLink>
    );
  }
  if (entry.action !== 'edited') return undefined;
  const item = entry.subjectId && entry.subjectKind ? VERSIONED_ITEMS[entry.subjectKind] : undefined;
  if (item) return <EarlierVersionsLink href={`${item.href}?${EDIT_PARAMETER}=${entry.subjectId}`} of={entry.subjectLabel || item.label} />;
  const screen = VERSIONED_SCREENS.find((candidate) => candidate.edits(entry));
  return screen ? <EarlierVersionsLink href={screen.href} of={screen.label} /> : undefined;
}

function EarlierVersionsLink({ href, of }: { href: string; of: string }) {
  return (
    <AdminLink href={href} className="text-sm font-medium text-blue-800 underline">
      Earlier versions<span className="sr-only"> of {of}</span>
    </AdminLink>
  );
}

/** The kinds of item whose edits keep earlier versions, and the screen that opens one to edit. */
const VERSIONED_ITEMS: Partial<Record<ActivitySubjectKind, { href: string; label: string }>> = {
  news: ADMIN_SCREENS.news,
  event: ADMIN_SCREENS.events,
  photo: ADMIN_SCREENS.gallery,
};

/** The screens whose edits keep earlier versions, and which lines tell of such an edit. */
const VERSIONED_SCREENS = [ADMIN_SCREENS.whoWeAre, ADMIN_SCREENS.whatWeDo, ADMIN_SCREENS.settings].map((screen) => ({
  ...screen,
  edits: (entry: ActivityEntry) =>
    screen === ADMIN_SCREENS.settings
      ? entry.subjectKind === 'settings'
      : entry.subjectKind === 'page' && entry.subjectLabel === screen.label,
}));

function RestoreDeleted({ kind, id, label }: { kind: TrashKind; id: string; label: string }) {
  const queryClient = useQueryClient();
  const { restore } = useTrash(kind);
  return (
    <Button
      variant="secondary"
      disabled={restore.isPending}
      onClick={() => restore.mutate(id, { onSettled: () => void queryClient.invalidateQueries({ queryKey: [ACTIVITY_URL] }) })}
    >
      Restore<span className="sr-only"> {label}</span>
    </Button>
  );
}

function RestoreRemoved({ admin }: { admin: { id: string; username: string } }) {
  const [asking, setAsking] = useState(false);
  return <RestoreAdministrator admin={admin} asking={asking} onAsking={setAsking} />;
}
