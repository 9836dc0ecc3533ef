import { z } from 'zod';
import { TRASH_DAYS } from '../trash/trash.schema.ts';

// Earlier versions of the records a stranger would rewrite (docs/decisions/055, 056, 061): the two
// information pages, the site's settings, news items, events and photos. Each save that changes
// one keeps what it said and showed before.

/** The items whose earlier versions are kept. */
export type VersionedItemKind = 'news' | 'events' | 'gallery';

/**
 * What is kept: the two information pages, the settings, and each news item, event and photo
 * (`news:{id}`, `events:{id}`, `gallery:{id}`): words, links and pictures.
 */
export type VersionedRecord = 'who-we-are' | 'what-we-do' | 'settings' | `${VersionedItemKind}:${string}`;

/**
 * The fields of a version that name a picture, with the description that goes with it. A stored
 * picture stays stored while a version names it, for PICTURES_KEPT_DAYS after it was replaced
 * (docs/decisions/061); after that the version puts back its words alone.
 */
export const PICTURE_FIELDS = [{ url: 'imageUrl', alt: 'imageAlt' }, { url: 'logoUrl' }, { url: 'heroImageUrl' }] as const;

/**
 * How long a picture an edit replaced is kept for putting back: as long as a deleted item is kept
 * in Recently deleted, and for the same reason (a parent's photo taken off the site is gone
 * from the server within that time; a stranger's visit is found well within it).
 */
export const PICTURES_KEPT_DAYS = TRASH_DAYS;

/** The record under which one item's versions are kept. */
export const itemRecord = (kind: VersionedItemKind, id: string): VersionedRecord => `${kind}:${id}`;

/** The item a record is of; undefined for a page or the settings. */
export function itemOf(record: VersionedRecord): { kind: VersionedItemKind; id: string } | undefined {
  const match = /^(news|events|gallery):(.+)$/.exec(record);
  return match ? { kind: match[1] as VersionedItemKind, id: match[2]! } : undefined;
}

/** Earlier versions kept of each page and of the settings: the newest, whatever their age. */
export const PAGE_VERSIONS_KEPT = 50;

/**
 * Of each news item and event: fewer, since there are thousands of items (each news text up to
 * 200,000 characters) and an item is edited around its date, not for years.
 */
export const ITEM_VERSIONS_KEPT = 20;

/** How many are kept of a record. */
export const versionsKeptOf = (record: VersionedRecord): number => (record.includes(':') ? ITEM_VERSIONS_KEPT : PAGE_VERSIONS_KEPT);

/** What a page said before a save replaced it. */
export const pageVersionSchema = z.object({
  id: z.string(),
  /** Its fields as they were, as the record's own read answers them (the settings without their pictures). */
  content: z.record(z.string(), z.string().nullable()),
  /** When that text was saved. */
  savedAt: z.string(),
  /** When a save replaced it, and by whom (null: the server's command line, or unknown). */
  replacedAt: z.string(),
  replacedBy: z.string().nullable(),
});
export type PageVersion = z.output<typeof pageVersionSchema>;
