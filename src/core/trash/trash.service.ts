import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { NotFoundError } from '../shared/errors.ts';
import { DAY_MS, nowIso } from '../shared/time.ts';
import type { WithImageRelease } from '../shared/image-release.ts';
import type { TrashTable } from './live.ts';
import { createTrashRepository } from './trash.repository.ts';
import { TRASH_DAYS, type DeletedItem, type TrashKind } from './trash.schema.ts';
import { forgetVersions, forgetVersionsOfGoneItems, letGoOfOldPictures } from '../versions/versions.ts';
import { itemRecord } from '../versions/versions.schema.ts';
import { recordWithChange, type ActivityActor } from '../activity/activity-recorder.ts';
import { TRASH_SUBJECTS } from '../activity/activity.schema.ts';
import { withinDailyLimit } from '../activity/daily-limits.ts';

const KINDS: Record<TrashKind, { table: TrashTable; label: 'title' | 'name' | 'caption'; noun: string }> = {
  news: { table: 'newsItems', label: 'title', noun: 'Deleted news item' },
  events: { table: 'events', label: 'name', noun: 'Deleted event' },
  gallery: { table: 'galleryImages', label: 'caption', noun: 'Deleted gallery image' },
};

/**
 * The recently deleted: news items, events and gallery images deleted in the last 30 days, hidden
 * from the site, restorable. Their images stay until the row goes for ever (by an administrator,
 * or by itself after 30 days), in the same transaction as that release.
 */
export function createTrashService(deps: { db: Db; withImageRelease: WithImageRelease }) {
  const repository = (db: Db, kind: TrashKind) => createTrashRepository(db, KINDS[kind].table, KINDS[kind].label);

  /** Returns the title, name or caption it had (empty when none); its line by `actor` in the same transaction. */
  async function purge(kind: TrashKind, id: string, actor?: ActivityActor): Promise<{ label: string }> {
    return deps.withImageRelease(async (trx, release) => {
      // An administrator's, not the purge after 30 days: a few a day (docs/decisions/063).
      if (actor?.admin) await withinDailyLimit(trx);
      const gone = await repository(trx, kind).purge(id);
      if (!gone) throw new NotFoundError(KINDS[kind].noun);
      await recordWithChange(trx, actor, { action: 'deleted-for-ever', subject: { kind: TRASH_SUBJECTS[kind], id, label: gone.label } });
      // Deleted for ever has no undo: its image goes with it, not after a while, and so do its
      // earlier words and pictures (a parent who asked for it to go asked for all of it). The
      // versions first: while one holds a picture, the picture cannot be deleted.
      const earlierPictures = await forgetVersions(trx, itemRecord(kind, id));
      for (const url of new Set([gone.imageUrl, ...earlierPictures])) await release(url, { atOnce: true });
      return { label: gone.label };
    });
  }

  return {
    async list(kind: TrashKind): Promise<DeletedItem[]> {
      const rows = await repository(deps.db, kind).listDeleted();
      return rows.map((row) => ({ ...row, purgeAt: new Date(Date.parse(row.deletedAt) + TRASH_DAYS * DAY_MS).toISOString() }));
    },

    /** Returns the title, name or caption it has (empty when none); its line by `actor` in the same transaction. */
    async restore(kind: TrashKind, id: string, actor?: ActivityActor): Promise<{ label: string }> {
      const restored = await inTransaction(deps.db, async (trx) => {
        const row = await repository(trx, kind).restore(id);
        if (row) await recordWithChange(trx, actor, { action: 'restored', subject: { kind: TRASH_SUBJECTS[kind], id, label: row.label } });
        return row;
      });
      if (!restored) throw new NotFoundError(KINDS[kind].noun);
      return { label: restored.label };
    },

    /**
     * Restores it if the delete that put it here was made at `deletedBy` or earlier: the delete a
     * line of the activity log tells of, not one made since by someone else. Null when not.
     * `within`: in that transaction (with the item's line in the log).
     */
    restoreDeletedBy: (kind: TrashKind, id: string, deletedBy: string, within: Db = deps.db) =>
      repository(within, kind).restore(id, deletedBy),

    purge,

    /**
     * Moves it to the recently deleted if it is live (one conditional update: two callers at once
     * delete it once). Its title, name or caption; undefined when it was not live.
     */
    deleteIfLive: (kind: TrashKind, id: string, within: Db = deps.db) => repository(within, kind).moveToTrash(id, nowIso()),

    /** Those of these items that are live now. */
    liveAmong: (kind: TrashKind, ids: string[]) => repository(deps.db, kind).liveAmong(ids),

    /** When each of these items that is among the recently deleted now was deleted. */
    deletedAmong: (kind: TrashKind, ids: string[]) => repository(deps.db, kind).deletedAtOf(ids),

    /**
     * Deletes for ever what was deleted more than 30 days before `now`; returns how many. Then
     * forgets the earlier versions of items gone some other way (a backup restored over them),
     * and lets go of the pictures of versions replaced more than 30 days ago (the images' sweep
     * then deletes them).
     */
    async purgeExpired(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
      let count = 0;
      for (const kind of Object.keys(KINDS) as TrashKind[]) {
        for (const id of await repository(deps.db, kind).deletedBefore(before)) {
          // Restored or purged meanwhile: nothing to do.
          await purge(kind, id).then(
            () => count++,
            (error: unknown) => {
              if (!(error instanceof NotFoundError)) throw error;
            },
          );
        }
      }
      await forgetVersionsOfGoneItems(deps.db);
      await letGoOfOldPictures(deps.db, now);
      return count;
    },
  };
}
