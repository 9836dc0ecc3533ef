import type { Db } from '../db/connect.ts';
import type { ActivityTable } from '../db/database.ts';
import { createActivityRepository, type ActivityFilter } from './activity.repository.ts';
import { createAdminsRepository } from '../admins/admins.repository.ts';
import { removedAdminsSince } from '../admins/admins.schema.ts';
import {
  ACTIVITY_DAYS,
  ACTIVITY_PAGE,
  ALERTS_SHOWN_DAYS,
  activityCursor,
  activityEntrySchema,
  BULK_STEP,
  type ActivityPage,
  type ActivityPerson,
  type ActivitySubjectKind,
  TRASH_SUBJECTS,
  trashKindOf,
} from './activity.schema.ts';
import { TRASH_DAYS, type TrashKind } from '../trash/trash.schema.ts';
import type { EditToPutBack, PutBack } from '../versions/put-back.ts';
import { createActivityRecorder, type ActivityActor } from './activity-recorder.ts';
import { DAY_MS } from '../shared/time.ts';

/**
 * What the log asks of the recently deleted, and what its 'Restore all' and 'Delete all' do there
 * (`within`: in that transaction, with the item's line).
 */
interface Trash {
  deletedAmong(kind: TrashKind, ids: string[]): Promise<Map<string, string>>;
  restoreDeletedBy(kind: TrashKind, id: string, deletedBy: string, within?: Db): Promise<{ label: string } | undefined>;
  liveAmong(kind: TrashKind, ids: string[]): Promise<Set<string>>;
  deleteIfLive(kind: TrashKind, id: string, within?: Db): Promise<{ label: string } | undefined>;
}

/** One call of 'Restore all', 'Delete all' or 'Put back all': how many it changed, and how many are left for the next. */
export interface BulkStep {
  done: number;
  remaining: number;
}

/** An item one administrator added that is still on the site. */
interface LiveAddition {
  kind: TrashKind;
  itemId: string;
}

/** A delete line 'Restore' would undo now, with the list its item is in. */
interface RestorableDelete {
  row: ActivityTable;
  kind: TrashKind;
  itemId: string;
}

/**
 * How long after an account's row its 'added' line may be written: the row's time is taken before
 * the password is hashed and checked (one at a time, seconds when many wait), the line's after.
 */
const ADDITION_WINDOW_MS = 10 * 60_000;

export function createActivityService(deps: { db: Db; trash: Trash; putBack?: PutBack }) {
  const repo = createActivityRepository(deps.db);

  /**
   * The administrators added since `since` who still are, with who added them: those added with a
   * line (in the admin, or from the command line), not the one ADMIN_USERNAME made at start. And
   * those put back from Recently removed since (125): a way back in as much as an addition.
   */
  async function newAdministratorsSince(since: string): Promise<NonNullable<ActivityPage['newAdministrators']>> {
    const admins = createAdminsRepository(deps.db);
    const added = await admins.addedSince(since);
    const found = await Promise.all(
      added.map(async (admin) => ({ admin, line: await repo.additionOf(admin.id, admin.createdAt, ADDITION_WINDOW_MS) })),
    );
    // Put back after being added: the putting back is the news.
    const restores = [];
    const named = new Set<string>();
    for (const line of await repo.administratorsRestoredSince(since)) {
      if (!line.subjectId || named.has(line.subjectId)) continue;
      named.add(line.subjectId);
      const admin = await admins.findById(line.subjectId);
      if (admin) restores.push({ id: admin.id, username: admin.username, at: line.at, addedBy: line.adminName, restored: true });
    }
    const additions = found.flatMap(({ admin, line }) =>
      line && !named.has(admin.id)
        ? [{ id: admin.id, username: admin.username, at: line.at, addedBy: line.adminId ? line.adminName : null, restored: false }]
        : [],
    );
    return [...additions, ...restores].sort((a, b) => b.at.localeCompare(a.at));
  }

  /** The pages, settings and items whose text is still what one administrator saved in the last 30 days. */
  async function editsOf(adminId: string, now = new Date()): Promise<EditToPutBack[]> {
    return deps.putBack ? deps.putBack.editsOf(adminId, new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString()) : [];
  }

  /**
   * The delete lines that 'Restore' would undo now, asked of the recently deleted rather than read
   * from later lines: a restore by someone else, outside the lines in view (another page, another
   * administrator's), or by a restore of a backup still counts. A delete line is written after its
   * delete, so a line older than the item's deletedAt is of an earlier delete.
   */
  async function restorableAmong(rows: ActivityTable[]): Promise<RestorableDelete[]> {
    const deletes = rows.flatMap((row) => {
      const kind = row.action === 'deleted' && row.subjectId ? trashKindOf(row.subjectKind as ActivitySubjectKind) : null;
      return kind ? [{ row, kind, itemId: row.subjectId! }] : [];
    });
    const restorable: RestorableDelete[] = [];
    for (const kind of new Set(deletes.map((line) => line.kind))) {
      const ofKind = deletes.filter((line) => line.kind === kind);
      const deletedAt = await deps.trash.deletedAmong(
        kind,
        ofKind.map((line) => line.itemId),
      );
      for (const line of ofKind) {
        const when = deletedAt.get(line.itemId);
        if (when !== undefined && line.row.at >= when) restorable.push(line);
      }
    }
    return restorable;
  }

  /** The lines of `rows` that removed an administrator who can still be put back, from that removal (125). */
  async function removalsToUndoAmong(rows: ActivityTable[]): Promise<ActivityTable[]> {
    const removals = rows.filter((row) => row.action === 'removed' && row.subjectKind === 'administrator' && row.subjectId);
    const removedAt = await createAdminsRepository(deps.db).removedAmong(
      [...new Set(removals.map((row) => row.subjectId!))],
      removedAdminsSince(),
    );
    return removals.filter((row) => {
      const when = removedAt.get(row.subjectId!);
      return when !== undefined && row.at >= when;
    });
  }

  /** The administrators one administrator removed who can still be put back, once each, newest removal first. */
  async function removalsToPutBackOf(adminId: string): Promise<{ id: string; username: string }[]> {
    const removals = await removalsToUndoAmong(await repo.linesOf(adminId, 'removed', removedAdminsSince(), ['administrator']));
    const byId = new Map(removals.map((row) => [row.subjectId!, row.subjectLabel ?? ''] as const));
    return [...byId].map(([id, username]) => ({ id, username }));
  }

  /** One administrator's deletes that 'Restore' would undo now (older ones are deleted for ever). */
  async function restorableOf(adminId: string, now = new Date()): Promise<RestorableDelete[]> {
    const since = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
    return restorableAmong(await repo.linesOf(adminId, 'deleted', since, Object.values(TRASH_SUBJECTS)));
  }

  /**
   * Changes one item and writes its line in one transaction: a server killed half-way through
   * hundreds leaves each item changed with its line or not at all. Each item's own transaction,
   * not one for all: what was done before a failure stays done (tap again for the rest), and no
   * lock is held for the length of the whole run. True when the item was changed.
   */
  async function withItsLine(
    actor: ActivityActor,
    action: 'restored' | 'deleted',
    kind: TrashKind,
    change: (trx: Db) => Promise<{ label: string } | undefined>,
    itemId: string,
  ): Promise<boolean> {
    return deps.db.transaction().execute(async (trx) => {
      const item = await change(trx);
      if (!item) return false;
      await createActivityRecorder({ db: trx }).record(actor, {
        action,
        subject: { kind: TRASH_SUBJECTS[kind], id: itemId, label: item.label },
      });
      return true;
    });
  }

  /**
   * The news items, events and photos one administrator added in the last 30 days that are on the
   * site now, each once: what 'Delete all' would take off. Asked of the rows, not of later lines,
   * as for 'Restore all'.
   */
  async function liveAdditionsOf(adminId: string, now = new Date()): Promise<LiveAddition[]> {
    const since = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
    const lines = await repo.linesOf(adminId, 'added', since, Object.values(TRASH_SUBJECTS));
    const additions: LiveAddition[] = [];
    for (const kind of Object.keys(TRASH_SUBJECTS) as TrashKind[]) {
      const ids = [
        ...new Set(
          lines.flatMap((row) => (row.subjectId && trashKindOf(row.subjectKind as ActivitySubjectKind) === kind ? [row.subjectId] : [])),
        ),
      ];
      const live = await deps.trash.liveAmong(kind, ids);
      additions.push(...ids.filter((id) => live.has(id)).map((itemId) => ({ kind, itemId })));
    }
    return additions;
  }

  return {
    ...createActivityRecorder(deps),

    /** A page of the log (or of one administrator's lines), newest first; `next` continues it. */
    async page(filter: ActivityFilter = {}): Promise<ActivityPage> {
      const rows = await repo.page(ACTIVITY_PAGE + 1, filter);
      const shown = rows.slice(0, ACTIVITY_PAGE);
      const restorable = new Set([
        ...(await restorableAmong(shown)).map(({ row }) => row.id),
        ...(await removalsToUndoAmong(shown)).map((row) => row.id),
      ]);
      // A line written by a later version (an action this one does not know) is left out, not a 500.
      const entries = rows.slice(0, ACTIVITY_PAGE).flatMap((row) => {
        const parsed = activityEntrySchema.safeParse({ ...row, restorable: restorable.has(row.id) });
        return parsed.success ? [parsed.data] : [];
      });
      const last = rows[Math.min(rows.length, ACTIVITY_PAGE) - 1];
      const next = rows.length > ACTIVITY_PAGE && last ? activityCursor(last) : null;
      if (filter.before !== undefined) return { entries, next };
      // Everyone's first page (the dashboard's) says which accounts were paused lately, and who
      // was made an administrator: a stranger's way back in stays where the committee looks first.
      if (filter.adminId === undefined) {
        const since = new Date(Date.now() - ALERTS_SHOWN_DAYS * DAY_MS).toISOString();
        const pauses = await repo.pausesSince(since);
        return {
          entries,
          next,
          pauses: pauses.map((pause) => ({ adminId: pause.adminId!, adminName: pause.adminName, at: pause.at })),
          newAdministrators: await newAdministratorsSince(since),
        };
      }
      // One administrator's first page says how many of their deletes 'Restore all' would undo.
      return {
        entries,
        next,
        restorableDeletes: (await restorableOf(filter.adminId)).length,
        deletableAdditions: (await liveAdditionsOf(filter.adminId)).length,
        editsToPutBack: (await editsOf(filter.adminId)).length,
        removalsToPutBack: await removalsToPutBackOf(filter.adminId),
      };
    },

    /**
     * 'Restore all': puts back everything one administrator deleted that is still among the
     * recently deleted from their delete (what a stranger with their password did, in one tap).
     * Each item is restored only if no later delete put it there, so two taps at once, or a
     * restore and a new delete by someone else meanwhile, restore each item once and no other.
     * Each with its 'restored' line by `actor`; a failure half-way leaves those restored, with
     * their lines. At most BULK_STEP items a call: says how many it did and how many are left.
     */
    async restoreDeletesOf(adminId: string, actor: ActivityActor): Promise<BulkStep> {
      const restorable = await restorableOf(adminId);
      let done = 0;
      for (const { row, kind, itemId } of restorable.slice(0, BULK_STEP)) {
        if (await withItsLine(actor, 'restored', kind, (trx) => deps.trash.restoreDeletedBy(kind, itemId, row.at, trx), itemId)) done++;
      }
      return { done, remaining: Math.max(0, restorable.length - BULK_STEP) };
    },

    /**
     * 'Delete all': moves to the recently deleted everything one administrator added in the last
     * 30 days that is still on the site (what a stranger with a password posted, in one tap; each
     * can be restored there for 30 days). Each item by its own conditional update, so two taps at
     * once delete each once, with its 'deleted' line by `actor`, BULK_STEP at most a call, as for
     * 'Restore all'.
     */
    async deleteAdditionsOf(adminId: string, actor: ActivityActor): Promise<BulkStep> {
      const additions = await liveAdditionsOf(adminId);
      let done = 0;
      for (const { kind, itemId } of additions.slice(0, BULK_STEP)) {
        if (await withItsLine(actor, 'deleted', kind, (trx) => deps.trash.deleteIfLive(kind, itemId, trx), itemId)) done++;
      }
      return { done, remaining: Math.max(0, additions.length - BULK_STEP) };
    },

    /**
     * 'Put back all' (docs/decisions/058): each page, the settings, each news item and event whose
     * text is still what one administrator saved in the last 30 days, as it was before their
     * saves in a row. Each through its own save, with If-Match on the version their last save
     * made: one saved since by anyone (or by a second tap) is left as it is. Each save writes its
     * 'edited' line by `actor` in its own transaction, as a single edit does. BULK_STEP at most a call.
     */
    async putBackEditsOf(adminId: string, actor: ActivityActor): Promise<BulkStep> {
      const edits = await editsOf(adminId);
      let done = 0;
      for (const edit of edits.slice(0, BULK_STEP)) {
        if (await deps.putBack!.putBack(edit, actor)) done++;
      }
      return { done, remaining: Math.max(0, edits.length - BULK_STEP) };
    },

    /** Who has lines in the log, removed administrators too: the 'Who' list must reach them. */
    async people(): Promise<ActivityPerson[]> {
      const rows = await repo.people();
      return rows.map((row) => ({ id: row.adminId!, username: row.adminName ?? row.adminId! }));
    },

    /** Removes the lines older than ACTIVITY_DAYS; returns how many. */
    prune: (now = new Date()) => repo.deleteBefore(new Date(now.getTime() - ACTIVITY_DAYS * DAY_MS).toISOString()),
  };
}
