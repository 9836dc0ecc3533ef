import { z } from 'zod';
import type { ActivityActor } from '../activity/activity-recorder.ts';
import type { Db } from '../db/connect.ts';
import { eventInputSchema } from '../events/events.schema.ts';
import { galleryInputSchema } from '../gallery/gallery.schema.ts';
import { whatWeDoInputSchema, whoWeAreInputSchema } from '../info-pages/info-pages.schema.ts';
import { newsInputSchema } from '../news/news.schema.ts';
import { settingsInputSchema } from '../settings/settings.schema.ts';
import { ConflictError, EditConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { itemOf, type VersionedItemKind, type VersionedRecord } from './versions.schema.ts';
import { earlierVersion } from './versions.ts';

type Content = Record<string, string | null>;
type Save<Input> = (input: Input, expected?: string, actor?: ActivityActor) => Promise<unknown>;
type ItemSave<Input> = (id: string, input: Input, expected?: string, actor?: ActivityActor) => Promise<unknown>;

/** The saves a put-back goes through: the same as an administrator's, with If-Match and an earlier version kept. */
export interface PutBackSaves {
  news: { update: ItemSave<never> };
  events: { update: ItemSave<never> };
  gallery: { update: ItemSave<never>; get: (id: string) => Promise<{ imageUrl: string }> };
  infoPages: { updateWhoWeAre: Save<never>; updateWhatWeDo: Save<never> };
  settings: { update: Save<never> };
}

/** One record whose text is still what one administrator saved, and what it said before their run of saves. */
export interface EditToPutBack {
  record: VersionedRecord;
  /** The earlier version with the text before the first of their saves in a row (read when put back: texts are long). */
  versionId: string;
  /** The record's version their last save made: a save by anyone since refuses the put-back. */
  version: string;
}

/**
 * 'Put back all' (docs/decisions/058, 061): the pages, settings, news items, events and photos
 * whose text or picture is still what one administrator saved, put back as they were before that
 * administrator's run of saves, each through its own save (If-Match on the version their last
 * save made, so a save by anyone since is left alone; what they saved is kept as an earlier
 * version in its turn).
 */
export function createPutBack(deps: {
  db: Db;
  saves: PutBackSaves;
  /** Those of these items that are on the site (not among the recently deleted). */
  liveAmong: (kind: VersionedItemKind, ids: string[]) => Promise<Set<string>>;
}) {
  /** Saves `before` over the record (the save writes its own line). Throws NotFoundError or EditConflictError when it cannot. */
  async function putBack(edit: EditToPutBack, before: Content, actor: ActivityActor | undefined): Promise<void> {
    const { saves } = deps;
    const item = itemOf(edit.record);
    if (item?.kind === 'news') await saves.news.update(item.id, newsInputSchema.parse(before) as never, edit.version, actor);
    else if (item?.kind === 'events') await saves.events.update(item.id, eventInputSchema.parse(before) as never, edit.version, actor);
    else if (item?.kind === 'gallery') {
      // A photo always has a picture: one whose time to be kept is up leaves the one it has now.
      const picture = before.imageUrl ?? (await saves.gallery.get(item.id)).imageUrl;
      await saves.gallery.update(item.id, galleryInputSchema.parse({ ...before, imageUrl: picture }) as never, edit.version, actor);
    } else if (edit.record === 'who-we-are')
      await saves.infoPages.updateWhoWeAre(whoWeAreInputSchema.parse(before) as never, edit.version, actor);
    else if (edit.record === 'what-we-do')
      await saves.infoPages.updateWhatWeDo(whatWeDoInputSchema.parse(before) as never, edit.version, actor);
    else await saves.settings.update(settingsInputSchema.parse(before) as never, edit.version, actor);
  }

  return {
    /**
     * The records whose newest version was replaced by `adminId` since `since` (their save is the
     * last that changed it), with the text before their run of saves: `versionsToKeep` always
     * keeps that one. Items no longer on the site are left out.
     */
    async editsOf(adminId: string, since: string): Promise<EditToPutBack[]> {
      const touched = deps.db
        .selectFrom('pageVersions')
        .select('page')
        .where('replacedById', '=', adminId)
        .where('replacedAt', '>=', since);
      // Without their texts: a stranger's script may have touched thousands of long news items.
      const rows = await deps.db
        .selectFrom('pageVersions')
        .select(['id', 'page', 'replacedAt', 'replacedById'])
        .where('page', 'in', touched)
        .orderBy('page')
        .orderBy('replacedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const edits: EditToPutBack[] = [];
      for (let at = 0; at < rows.length;) {
        const newest = rows[at]!;
        let end = at;
        while (end < rows.length && rows[end]!.page === newest.page) end++;
        if (newest.replacedById === adminId && newest.replacedAt >= since) {
          let first = at;
          while (first + 1 < end && rows[first + 1]!.replacedById === adminId) first++;
          edits.push({ record: newest.page as VersionedRecord, versionId: rows[first]!.id, version: newest.replacedAt });
        }
        at = end;
      }
      // Items in Recently deleted (or gone) are left out: one question a kind.
      const live = new Map<VersionedItemKind, Set<string>>();
      for (const kind of ['news', 'events', 'gallery'] as const) {
        const ids = edits.flatMap((edit) => (itemOf(edit.record)?.kind === kind ? [itemOf(edit.record)!.id] : []));
        live.set(kind, ids.length > 0 ? await deps.liveAmong(kind, ids) : new Set());
      }
      return edits.filter((edit) => {
        const item = itemOf(edit.record);
        return !item || live.get(item.kind)!.has(item.id);
      });
    },

    /**
     * Puts one back; false when someone saved it since, it is gone, or its earlier text no longer
     * passes today's rules (left for a person to mend).
     */
    async putBack(edit: EditToPutBack, actor: ActivityActor | undefined): Promise<boolean> {
      const version = await earlierVersion(deps.db, edit.versionId);
      if (!version) return false;
      try {
        await putBack(edit, version, actor);
        return true;
      } catch (error) {
        // Refused as a person's save would be (someone saved since, the item gone, a rule of
        // today, a pasted picture's address that no longer answers with an image): left alone.
        if (
          error instanceof EditConflictError ||
          error instanceof NotFoundError ||
          error instanceof ValidationError ||
          error instanceof ConflictError ||
          error instanceof z.ZodError
        ) {
          return false;
        }
        throw error;
      }
    },
  };
}
export type PutBack = ReturnType<typeof createPutBack>;
