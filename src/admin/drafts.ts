// What a volunteer typed and has not saved yet, kept in the browser: a phone's browser closes a
// tab it has put in the background (switching to the photos or a message app), a thumb pulls
// the page down, an iPhone asks nothing before leaving, and the typed news item was gone
// (docs/decisions/048). Cleared by a save, by 'Discard', by leaving without saving when asked,
// and at sign-out (a shared computer).

const PREFIX = 'club-draft:';
/** Older than this, a draft is forgotten rather than offered. */
const KEEP_MS = 14 * 24 * 60 * 60_000;

interface Draft<V> {
  /** The version of the item the typing started from; '' for something new. */
  version: string;
  /** The administrator who typed it: on a shared computer, another one is not shown it. */
  owner: string;
  savedAt: string;
  values: V;
}

/** The draft of a new item of `kind` (id null), or of that item's edit. */
export const draftKey = (kind: string, id: string | null): string => `${PREFIX}${kind}:${id ?? 'new'}`;

/** Keys whose form was saved: a write still on its way from that form must not bring it back. */
const finished = new Set<string>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The draft under `key` if `owner` typed it and it started from `version`: one from another
 * version (the item was saved since, here or elsewhere) is dropped, never offered over the newer
 * item; another administrator's (their session ended on a shared computer) is left for them.
 */
export function readDraft<V>(key: string, version: string, owner: string): Draft<V> | null {
  finished.delete(key);
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft<V>;
    if (draft.owner !== owner) return null;
    if (draft.version !== version || !(Date.now() - Date.parse(draft.savedAt) < KEEP_MS)) {
      clearDraft(key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, version: string, owner: string, values: unknown): void {
  if (finished.has(key)) return;
  try {
    storage()?.setItem(key, JSON.stringify({ version, owner, savedAt: new Date().toISOString(), values }));
  } catch {
    // Storage full (a pasted photo in the text) or forbidden: the form works as before without it.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to clear where storage is forbidden.
  }
}

/** After a save that closes its form. */
export function finishDraft(key: string): void {
  finished.add(key);
  clearDraft(key);
}

/** At sign-out: nothing typed stays on a shared computer. */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key) => key?.startsWith(PREFIX));
    for (const key of keys) if (key) store.removeItem(key);
  } catch {
    // As above.
  }
}
