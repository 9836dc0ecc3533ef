import { z } from 'zod';

// Earlier versions of the records a stranger would rewrite (docs/decisions/055, 056): the two
// information pages, the site's settings, news items and events. Each save that changes one keeps
// what it said before.

/** The items whose words are kept (a photo's caption is a line, not worth a history). */
export type VersionedItemKind = 'news' | 'events';

/**
 * What is kept: the two information pages, the settings' words and links (not their pictures),
 * and each news item's and event's words and links (`news:{id}`, `events:{id}`).
 */
export type VersionedRecord = 'who-we-are' | 'what-we-do' | 'settings' | `${VersionedItemKind}:${string}`;

/** The record under which one item's versions are kept. */
export const itemRecord = (kind: VersionedItemKind, id: string): VersionedRecord => `${kind}:${id}`;

/** The item a record is of; undefined for a page or the settings. */
export function itemOf(record: VersionedRecord): { kind: VersionedItemKind; id: string } | undefined {
  const match = /^(news|events):(.+)$/.exec(record);
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
