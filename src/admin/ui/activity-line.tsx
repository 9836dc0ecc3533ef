import type { ReactNode } from 'react';
import { describeActivity, type ActivityEntry } from '../../core/activity/activity.schema.ts';
import { formatDisplayDateTime } from '../../core/shared/time.ts';

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
