import { z } from 'zod';

// Earlier versions of the records a stranger would rewrite (docs/decisions/055): the two
// information pages and the site's settings. Each save that changes one keeps what it said before.

/** What is kept: the two information pages, and the settings' words and links (not their pictures). */
export type VersionedRecord = 'who-we-are' | 'what-we-do' | 'settings';

/** Earlier versions kept of each: the newest, whatever their age. */
export const PAGE_VERSIONS_KEPT = 50;

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
