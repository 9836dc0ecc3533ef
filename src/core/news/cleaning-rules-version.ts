/**
 * The version of the cleaning rules in sanitize-content.ts. Raise it whenever they change: the
 * server then cleans the stored news again at start (the news service's recleanStale), and pages
 * clean what is still older as they show it. A file of its own so that reading it does not load
 * sanitize-html.
 */
// 2 (2026-11-28): pictures in the text are drawn again without their metadata (docs/decisions/081).
export const CLEANING_RULES_VERSION = 2;
