import { z } from 'zod';
import type { ActivityNote } from '../activity/activity.service.ts';
import type { Db } from '../db/connect.ts';
import { eventInputSchema } from '../events/events.schema.ts';
import { whatWeDoInputSchema, whoWeAreInputSchema } from '../info-pages/info-pages.schema.ts';
import { newsInputSchema } from '../news/news.schema.ts';
import { settingsInputSchema } from '../settings/settings.schema.ts';
import { ADMIN_SCREENS } from '../shared/admin-screens.ts';
import { EditConflictError, NotFoundError } from '../shared/errors.ts';
import type { SavedBy } from './versions.ts';
import type { VersionedItemKind, VersionedRecord } from './versions.schema.ts';

type Content = Record<string, string | null>;
type Save<Input> = (input: Input, expected?: string, by?: SavedBy) => Promise<unknown>;
type ItemSave<Input, Saved> = (id: string, input: Input, expected?: string, by?: SavedBy) => Promise<Saved>;

/** The saves a put-back goes through: the same as an administrator's, with If-Match and an earlier version kept. */
export interface PutBackSaves {
  news: { update: ItemSave<never, { title: string }> };
  events: { update: ItemSave<never, { name: string }> };
  infoPages: { updateWhoWeAre: Save<never>; updateWhatWeDo: Save<never> };
  settings: { update: Save<never> };
}

/** One record whose text is still what one administrator saved, and what it said before their run of saves. */
export interface EditToPutBack {
  record: VersionedRecord;
  /** The text before the first of their saves in a row. */
  before: Content;
  /** The record's version their last save made: a save by anyone since refuses the put-back. */
  version: string;
}

const ITEM_RECORD = /^(news|events):(.+)$/;

/**
 * 'Put back all' (docs/decisions/058): the pages, settings, news items and events whose text is
 * still what one administrator saved, put back as they were before that administrator's run of
 * saves, each through its own save (If-Match on the version their last save made, so a save by
 * anyone since is left alone; what they saved is kept as an earlier version in its turn).
 */
export function createPutBack(deps: {
  db: Db;
  saves: PutBackSaves;
  /** Those of these items that are on the site (not among the recently deleted). */
  liveAmong: (kind: VersionedItemKind, ids: string[]) => Promise<Set<string>>;
}) {
  /** Saves `before` over the record; the activity line's subject. Throws NotFoundError or EditConflictError when it cannot. */
  async function putBack(edit: EditToPutBack, by: SavedBy | undefined): Promise<ActivityNote['subject']> {
    const { saves } = deps;
    const item = ITEM_RECORD.exec(edit.record);
    if (item?.[1] === 'news') {
      const input = newsInputSchema.parse(edit.before) as never;
      const saved = await saves.news.update(item[2]!, input, edit.version, by);
      return { kind: 'news', id: item[2]!, label: saved.title };
    }
    if (item?.[1] === 'events') {
      const input = eventInputSchema.parse(edit.before) as never;
      const saved = await saves.events.update(item[2]!, input, edit.version, by);
      return { kind: 'event', id: item[2]!, label: saved.name };
    }
    if (edit.record === 'who-we-are') {
      await saves.infoPages.updateWhoWeAre(whoWeAreInputSchema.parse(edit.before) as never, edit.version, by);
      return { kind: 'page', label: ADMIN_SCREENS.whoWeAre.label };
    }
    if (edit.record === 'what-we-do') {
      await saves.infoPages.updateWhatWeDo(whatWeDoInputSchema.parse(edit.before) as never, edit.version, by);
      return { kind: 'page', label: ADMIN_SCREENS.whatWeDo.label };
    }
    await saves.settings.update(settingsInputSchema.parse(edit.before) as never, edit.version, by);
    return { kind: 'settings' };
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
      const rows = await deps.db
        .selectFrom('pageVersions')
        .select(['page', 'content', 'replacedAt', 'replacedById'])
        .where('page', 'in', touched)
        .orderBy('page')
        .orderBy('replacedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const edits: EditToPutBack[] = [];
      for (let at = 0; at < rows.length;) {
        const page = rows[at]!.page;
        let end = at;
        while (end < rows.length && rows[end]!.page === page) end++;
        const newest = rows[at]!;
        if (newest.replacedById === adminId && newest.replacedAt >= since) {
          let first = at;
          while (first + 1 < end && rows[first + 1]!.replacedById === adminId) first++;
          const record = page as VersionedRecord;
          const item = ITEM_RECORD.exec(record);
          const live = !item || (await deps.liveAmong(item[1] as VersionedItemKind, [item[2]!])).has(item[2]!);
          if (live) edits.push({ record, before: JSON.parse(rows[first]!.content) as Content, version: newest.replacedAt });
        }
        at = end;
      }
      return edits;
    },

    /**
     * Puts one back; the line's subject, or undefined when someone saved it since, it is gone, or
     * its earlier text no longer passes today's rules (left for a person to mend).
     */
    async putBack(edit: EditToPutBack, by: SavedBy | undefined): Promise<ActivityNote['subject'] | undefined> {
      try {
        return await putBack(edit, by);
      } catch (error) {
        if (error instanceof EditConflictError || error instanceof NotFoundError || error instanceof z.ZodError) return undefined;
        throw error;
      }
    },
  };
}
export type PutBack = ReturnType<typeof createPutBack>;
