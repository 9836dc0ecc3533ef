import { EditConflictError } from './errors.ts';

// An item's version is its `updatedAt`, which the API already lists with every item: the admin
// app sends back the one it opened the form with (HTTP If-Match), and the update is refused if
// the item has changed since (docs/decisions/033).

/**
 * Refuses an update made from an older version of the item. `expected` undefined: the client
 * did not say (scripts, older clients), and the update goes through as before.
 */
export function checkVersion(what: string, current: string, expected: string | undefined): void {
  if (expected !== undefined && expected !== current) throw new EditConflictError(what, current);
}

/**
 * The update's `updatedAt`: now, or a millisecond after the version it replaces when the clock
 * has not moved past it (two saves within a millisecond, a clock set back), so that every
 * change makes a new version.
 */
export function nextVersion(now: string, current: string): string {
  return now > current ? now : new Date(Date.parse(current) + 1).toISOString();
}

/** The HTTP entity tag of a version (ETag, If-Match): the version in double quotes. */
export const versionTag = (version: string): string => `"${version}"`;

/** The version in an entity tag, or undefined when it is not one strong tag. */
export const versionInTag = (tag: string | null | undefined): string | undefined => /^"([^"]*)"$/.exec(tag ?? '')?.[1];

/** A single record with its version (the information pages, the settings). */
export interface Versioned<T> {
  value: T;
  version: string;
}

/** The version of a single record never saved: its placeholder row, made when first locked, has this too. */
export const NEVER_SAVED = '1970-01-01T00:00:00.000Z';
