import type { Db } from '../db/connect.ts';
import { withoutControlCharacters } from '../shared/fields.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { createActivityRepository } from './activity.repository.ts';
import type { ActivityAction, ActivitySubjectKind } from './activity.schema.ts';

// Writing the activity log's lines (docs/decisions/049), apart from reading it, so that the
// services that change content can write a change's line in the change's own transaction.

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

/** Writes the lines; all a command needs (`npm run restore` notes its restore with it). */
export function createActivityRecorder(deps: { db: Db }) {
  const repo = createActivityRepository(deps.db);
  return {
    /** One line for each note, by one actor, at one time (one statement for a few hundred). */
    async record(actor: ActivityActor, ...notes: ActivityNote[]): Promise<void> {
      const at = nowIso();
      await repo.insert(
        notes.map((note) => ({
          id: newId(),
          at,
          adminId: actor.admin?.id ?? null,
          adminName: actor.admin?.username ?? null,
          action: note.action,
          subjectKind: note.subject?.kind ?? null,
          subjectId: note.subject?.id ?? null,
          subjectLabel: clip(note.subject?.label, LABEL_MAX),
          address: clip(actor.address, SHORT_MAX),
          device: clip(actor.device, SHORT_MAX),
        })),
      );
    },
  };
}

/**
 * Writes the line of a change in the change's own transaction (`trx`): a server killed between
 * the two cannot leave a change without its line, nor a line without its change. Without an
 * actor (a script, a test), no line.
 */
export async function recordWithChange(trx: Db, actor: ActivityActor | undefined, note: ActivityNote): Promise<void> {
  if (actor) await createActivityRecorder({ db: trx }).record(actor, note);
}
