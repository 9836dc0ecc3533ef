import { HttpError } from './errors.ts';
import { type Versioned, versionInTag, versionTag } from '../../core/shared/edit-version.ts';
import { json } from './responses.ts';

// An item's version (its updatedAt, docs/decisions/033) travels as an HTTP entity tag: in the
// ETag of an update's answer and of a 412, and back in If-Match. Kept by hand: `fresh` (used for
// If-None-Match) has no If-Match side, and an update takes one strong tag or `*`.

/** The version an update was made from, or undefined when the request names none (or `*`). */
export function ifMatch(request: Request): string | undefined {
  const header = request.headers.get('if-match')?.trim();
  if (!header || header === '*') return undefined;
  const tag = versionInTag(header);
  if (tag === undefined) {
    throw new HttpError(400, 'If-Match must be one version as this API gave it, in double quotes (or *).', {
      errors: { 'If-Match': 'Send the ETag of the item as it was given, in double quotes' },
    });
  }
  return tag;
}

/** A single record's JSON answer (an information page, the settings), with its version as the ETag. */
export function recordJson({ value, version }: Versioned<unknown>): Response {
  return json(value, { headers: { ETag: versionTag(version) } });
}

/** An updated item's JSON answer: its version is its updatedAt. */
export const versionedJson = (item: { updatedAt: string }): Response => recordJson({ value: item, version: item.updatedAt });
