import type { Db } from '../db/connect.ts';
import { withoutControlCharacters } from '../shared/fields.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { createActivityRepository, type ActivityFilter } from './activity.repository.ts';
import {
  ACTIVITY_DAYS,
  ACTIVITY_PAGE,
  activityCursor,
  activityEntrySchema,
  type ActivityAction,
  type ActivityPage,
  type ActivitySubjectKind,
} from './activity.schema.ts';

const DAY_MS = 86_400_000;
/** Longer than any title or name the forms take; a line is a record, not a copy. */
const LABEL_MAX = 200;
const SHORT_MAX = 100;

/** What happened, as an endpoint or a command tells it. */
export interface ActivityNote {
  action: ActivityAction;
  subject?: { kind: ActivitySubjectKind; id?: string | null; label?: string | null };
}

/** Who did it and from where; `admin` null for the server's command line. */
export interface ActivityActor {
  admin: { id: string; username: string } | null;
  address?: string | null;
  device?: string | null;
}

const clip = (value: string | null | undefined, max: number): string | null => {
  if (value === null || value === undefined) return null;
  const clean = withoutControlCharacters(value).replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

export function createActivityService(deps: { db: Db }) {
  const repo = createActivityRepository(deps.db);
  return {
    async record(actor: ActivityActor, note: ActivityNote): Promise<void> {
      await repo.insert({
        id: newId(),
        at: nowIso(),
        adminId: actor.admin?.id ?? null,
        adminName: actor.admin?.username ?? null,
        action: note.action,
        subjectKind: note.subject?.kind ?? null,
        subjectId: note.subject?.id ?? null,
        subjectLabel: clip(note.subject?.label, LABEL_MAX),
        address: clip(actor.address, SHORT_MAX),
        device: clip(actor.device, SHORT_MAX),
      });
    },

    /** A page of the log (or of one administrator's lines), newest first; `next` continues it. */
    async page(filter: ActivityFilter = {}): Promise<ActivityPage> {
      const rows = await repo.page(ACTIVITY_PAGE + 1, filter);
      // A line written by a later version (an action this one does not know) is left out, not a 500.
      const entries = rows.slice(0, ACTIVITY_PAGE).flatMap((row) => {
        const parsed = activityEntrySchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
      const last = rows[Math.min(rows.length, ACTIVITY_PAGE) - 1];
      return { entries, next: rows.length > ACTIVITY_PAGE && last ? activityCursor(last) : null };
    },

    /** Removes the lines older than ACTIVITY_DAYS; returns how many. */
    prune: (now = new Date()) => repo.deleteBefore(new Date(now.getTime() - ACTIVITY_DAYS * DAY_MS).toISOString()),
  };
}
