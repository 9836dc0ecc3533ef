import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDisplayDate } from '../../core/shared/time.ts';
import { TRASH_DAYS, type DeletedItem, type TrashKind } from '../../core/trash/trash.schema.ts';
import { useTimeZone } from '../dates.ts';
import { useTrash } from '../use-trash.ts';
import { ApiError } from '../api.ts';
import { Button } from './button.tsx';
import { ListImage } from './list-image.tsx';
import { ConfirmDeleteDialog } from './dialog.tsx';

/**
 * Below a list: what was deleted from it in the last 30 days, to restore or delete for ever.
 * Shown only when there is something; closed until opened.
 */
export function RecentlyDeleted({ kind, untitled }: { kind: TrashKind; untitled: string }) {
  const timeZone = useTimeZone();
  const { deletedUrl, restore, purge } = useTrash(kind);
  const deleted = useQuery<DeletedItem[]>({ queryKey: [deletedUrl] });
  const [purging, setPurging] = useState<DeletedItem | null>(null);
  const items = deleted.data ?? [];
  if (items.length === 0) return null;
  return (
    <details className="mt-8 rounded-lg border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">Recently deleted ({items.length})</summary>
      <p className="px-4 text-sm text-slate-600">
        Deleted in the last {TRASH_DAYS} days. Restore brings one back as it was; after {TRASH_DAYS} days it goes for ever by itself.
      </p>
      <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3 p-4">
            {item.imageUrl && <ListImage url={item.imageUrl} alt="" className="h-12 w-12 shrink-0 rounded object-cover" />}
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium">{item.label || untitled}</p>
              <p className="text-sm text-slate-600">
                Deleted {formatDisplayDate(item.deletedAt, timeZone)}; goes for ever on {formatDisplayDate(item.purgeAt, timeZone)}.
              </p>
            </div>
            <div className="flex gap-2">
              <Button variant="secondary" disabled={restore.isPending} onClick={() => restore.mutate(item.id)}>
                Restore<span className="sr-only"> {item.label || untitled}</span>
              </Button>
              <Button variant="ghost" onClick={() => setPurging(item)}>
                Delete for ever<span className="sr-only"> {item.label || untitled}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog
        open={purging !== null}
        onCancel={() => setPurging(null)}
        onConfirm={() =>
          purging &&
          purge.mutate(purging.id, {
            onSuccess: () => setPurging(null),
            // Refused (the day's deletes for ever, docs/decisions/063; gone already): the notice says
            // why, and asking again will not help. A lost connection keeps the question, to try again.
            onError: (error) => error instanceof ApiError && error.status < 500 && setPurging(null),
          })
        }
        description={`"${purging?.label || untitled}" will be deleted for ever: it cannot be restored.`}
        pending={purge.isPending}
      />
    </details>
  );
}
