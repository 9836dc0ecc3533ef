import { z } from 'zod';
import { ID_PATTERN } from '../shared/ids.ts';
import { TRASH_DAYS, type TrashKind } from '../trash/trash.schema.ts';

// The activity log (docs/decisions/049): one line for each change an administrator made, and each
// sign-in, so that the club can tell who deleted the Christmas fair or what a stranger with a
// password did. The words are here once, for the API's document and the admin's screen.

/** How long a line is kept; the hourly housekeeping removes older ones. */
export const ACTIVITY_DAYS = 365;
/** How long the dashboard says that an account was paused (059) or an administrator added (064). */
export const ALERTS_SHOWN_DAYS = 7;
/** Lines a page of GET /api/admin/activity answers. */
export const ACTIVITY_PAGE = 50;

/** What was done, after the administrator's name; `{subject}` is what it was done to, when any. */
const ACTIVITY_ACTIONS = {
  'signed-in': 'signed in',
  'changed-password': 'changed their password',
  'set-password': 'set a new password for {subject}',
  'turned-on-two-step': 'turned on two-step sign-in',
  'turned-off-two-step': 'turned off two-step sign-in for {subject}',
  'signed-out-everywhere': 'signed {subject} out on every device',
  'took-backup': 'took a backup to download',
  added: 'added {subject}',
  edited: 'edited {subject}',
  deleted: 'deleted {subject}',
  restored: 'restored {subject}',
  'deleted-for-ever': 'deleted {subject} for ever',
  removed: 'removed {subject}',
  paused: 'was paused for making more changes in an hour than a person would',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

/** What it was done to, as a noun phrase before its title. */
const ACTIVITY_SUBJECTS = {
  news: 'the news item',
  event: 'the event',
  photo: 'the gallery photo',
  page: 'the page',
  settings: 'the site settings',
  administrator: 'the administrator',
  backup: 'the backup',
} as const;
export type ActivitySubjectKind = keyof typeof ACTIVITY_SUBJECTS;

/** What the log calls an item of each list of the recently deleted (src/core/trash). */
export const TRASH_SUBJECTS: Record<TrashKind, ActivitySubjectKind> = { news: 'news', events: 'event', gallery: 'photo' };

/** The list of the recently deleted a subject goes to when deleted; null for the others. */
export function trashKindOf(subject: ActivitySubjectKind | null): TrashKind | null {
  return (Object.keys(TRASH_SUBJECTS) as TrashKind[]).find((kind) => TRASH_SUBJECTS[kind] === subject) ?? null;
}

/** Who did it when no administrator did: a command run on the server. */
const COMMAND_LINE = 'The server’s command line';

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for a command run on the server. */
  adminId: z.string().nullable(),
  /** The administrator's name then (kept after they are removed); null for the command line. */
  adminName: z.string().nullable(),
  action: z.enum(Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]]),
  subjectKind: z.enum(Object.keys(ACTIVITY_SUBJECTS) as [ActivitySubjectKind, ...ActivitySubjectKind[]]).nullable(),
  subjectId: z.string().nullable(),
  /** Its title, name, caption or username then; null when it has none. */
  subjectLabel: z.string().nullable(),
  /** The address the request came from (behind a trusted proxy, the one it recorded). */
  address: z.string().nullable(),
  /** The browser and system, as its User-Agent told them ('Firefox on Linux'). */
  device: z.string().nullable(),
  /**
   * True for a delete that 'Restore' would undo now: the item is among the recently deleted, from
   * this delete (not restored or deleted for ever since, by anyone, nor deleted again later). And
   * for an administrator's removal while the account can still be put back, from this removal (125).
   */
  restorable: z.boolean(),
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `before` for the next, older page; null at the oldest line. */
  next: z.string().nullable(),
  /** With `admin` and no `before`: how many of their deletes 'Restore all' would undo now. */
  restorableDeletes: z.number().int().nonnegative().optional(),
  /** With `admin` and no `before`: how many items they added in the last 30 days are still on the site ('Delete all'). */
  deletableAdditions: z.number().int().nonnegative().optional(),
  /** With `admin` and no `before`: how many pages, settings and items still say what they saved in the last 30 days ('Put back all'). */
  editsToPutBack: z.number().int().nonnegative().optional(),
  /**
   * With `admin` and no `before`: the administrators they removed who can still be put back, from
   * that removal (docs/decisions/125), newest first: 'Restore all' leaves them, as each put-back
   * asks for the password.
   */
  removalsToPutBack: z.array(z.object({ id: z.string(), username: z.string() })).optional(),
  /** Without `admin` or `before`: the administrators paused for making too many changes in the last ALERTS_SHOWN_DAYS, latest first. */
  pauses: z.array(z.object({ adminId: z.string(), adminName: z.string().nullable(), at: z.string() })).optional(),
  /**
   * Without `admin` or `before`: the administrators added in the admin or from the command line in
   * the last ALERTS_SHOWN_DAYS who are still administrators, newest first (docs/decisions/064);
   * `addedBy` null for the server's command line. `restored`: put back from Recently removed
   * (docs/decisions/125) rather than added, by `addedBy`.
   */
  newAdministrators: z
    .array(z.object({ id: z.string(), username: z.string(), at: z.string(), addedBy: z.string().nullable(), restored: z.boolean() }))
    .optional(),
});
export type ActivityPage = z.output<typeof activityPageSchema>;

/** The dashboard's first sentence about an administrator added or put back lately; `when` as shown. */
export function newAdministratorLine(admin: NonNullable<ActivityPage['newAdministrators']>[number], when: string): string {
  if (admin.restored) return `${admin.addedBy ?? COMMAND_LINE} put ${admin.username} back as an administrator on ${when}. `;
  return admin.addedBy
    ? `${admin.addedBy} made ${admin.username} an administrator on ${when}. `
    : `${admin.username} was made an administrator from the server's command line on ${when}. `;
}

/** A place in the log: the `at` and id of the last line shown. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)~([0-9a-z]{1,64})$/;
export const activityCursor = (entry: Pick<ActivityEntry, 'at' | 'id'>) => `${entry.at}~${entry.id}`;

const adminIdSchema = z.string().regex(ID_PATTERN, 'That is not an administrator’s id');

export const activityQuerySchema = z.object({
  admin: adminIdSchema.optional().describe('Only what this administrator did (their id)'),
  before: z
    .string()
    .regex(CURSOR, 'That is not a place in the activity log: use the `next` of an earlier answer')
    .transform((value) => {
      const [, at, id] = CURSOR.exec(value)!;
      return { at: at!, id: id! };
    })
    .optional()
    .describe('The `next` of the page before: the lines older than its last'),
});

export const activityPersonSchema = z.object({ id: z.string(), username: z.string() });
export type ActivityPerson = z.output<typeof activityPersonSchema>;

/**
 * How many items one call of 'Restore all', 'Delete all' or 'Put back all' changes at most. The
 * admin calls again while `remaining` is above 0: no call outlasts a phone's patience or a proxy's
 * time-out however many items a script touched, and the screen can say how far it has got.
 */
export const BULK_STEP = 500;

/** What is left for the next call of 'Restore all', 'Delete all' or 'Put back all'. */
const remaining = z
  .number()
  .int()
  .nonnegative()
  .describe(`How many are left for another call (each call does at most ${BULK_STEP}); 0 when done`);

/** The body of 'Restore all', 'Delete all' and 'Put back all': whose `what` (a removed administrator's too). */
const ofOneAdministrator = (what: string) =>
  z.object({ admin: adminIdSchema.describe(`Whose ${what} (their id; a removed administrator’s too)`) });

export const restoreDeletesSchema = ofOneAdministrator('deletes to undo');

export const deleteAdditionsSchema = ofOneAdministrator('additions to delete');

export const deletedAdditionsSchema = z.object({
  message: z.string(),
  /** How many items left the site for the recently deleted. */
  deleted: z.number().int().nonnegative(),
  remaining,
});

/** What 'Delete all' answers: 'Deleted 3 items'. */
export const deletedAdditionsMessage = (count: number) =>
  count === 0 ? 'Nothing to delete: it was deleted already' : `Deleted ${count} ${count === 1 ? 'item' : 'items'}`;

/** The admin's notice after 'Delete all' (none left when someone was quicker). */
export const deletedAdditionsNotice = (count: number) =>
  count === 0
    ? `${deletedAdditionsMessage(0)}.`
    : `${deletedAdditionsMessage(count)}: off the site, and in Recently deleted for ${TRASH_DAYS} days if ${count === 1 ? 'it is' : 'they are'} wanted back.`;

export const putBackEditsSchema = ofOneAdministrator('edits to put back');

export const putBackEditsAnswerSchema = z.object({
  message: z.string(),
  /** How many pages, settings and items say again what they said before. */
  putBack: z.number().int().nonnegative(),
  remaining,
});

/** What 'Put back all' answers: 'Put back 3 edits'. */
export const putBackMessage = (count: number) =>
  count === 0 ? 'Nothing to put back: it was saved again since' : `Put back ${count} ${count === 1 ? 'edit' : 'edits'}`;

/** The admin's notice after 'Put back all'. */
export const putBackNotice = (count: number) =>
  count === 0
    ? `${putBackMessage(0)}.`
    : `${putBackMessage(count)}: the site says what it said before. What they saved is kept among the earlier versions.`;

export const restoredDeletesSchema = z.object({
  message: z.string(),
  /** How many items are back on the site. */
  restored: z.number().int().nonnegative(),
  remaining,
});

/** What 'Restore all' answers: 'Restored 3 items'. */
export const restoredMessage = (count: number) =>
  count === 0 ? 'Nothing to restore: it was restored or deleted for ever already' : `Restored ${count} ${count === 1 ? 'item' : 'items'}`;

/** The admin's notice after 'Restore all' (none left to restore when someone was quicker). */
export const restoredNotice = (count: number) =>
  count === 0 ? `${restoredMessage(0)}.` : `${restoredMessage(count)}: back on the site as ${count === 1 ? 'it was' : 'they were'}.`;

/** The line as a sentence, without the time: "alice deleted the event “Christmas fair”". */
export function describeActivity(entry: Pick<ActivityEntry, 'adminName' | 'action' | 'subjectKind' | 'subjectLabel'>): string {
  const who = entry.adminName ?? COMMAND_LINE;
  const label = entry.subjectLabel ? `“${entry.subjectLabel}”` : entry.subjectKind === 'photo' ? '(no caption)' : '';
  const subject = entry.subjectKind ? [ACTIVITY_SUBJECTS[entry.subjectKind], label].filter(Boolean).join(' ') : 'something';
  return `${who} ${ACTIVITY_ACTIONS[entry.action].replace('{subject}', subject)}`;
}
