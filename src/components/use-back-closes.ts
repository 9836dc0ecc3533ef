import { useEffect, useRef } from 'react';

// On a phone, Back (Android's gesture or button, the browser's arrow) closes what is open on top
// of a page, as in every app (docs/decisions/109, 114): the admin's forms and questions, and the
// public booking window. Without this, Back left the page under it: an edge swipe while typing
// went to the dashboard; a parent who opened 'Book Now' and changed their mind left the events.
// An open dialog adds one history entry at the same address; Back takes it away and the dialog
// closes, asking first when typed text would be lost, as its Close button does. Closed any other
// way, the dialog goes back over its own entry, so the next Back leaves the page as expected.
//
// The entry outlives the page when it is reloaded with the dialog open (a thumb pulling the page
// down, or the phone's browser reloading a tab it dropped while the volunteer looked for a photo):
// the page then finds it and either opens the dialog again, which takes the entry as its own, or
// goes back over it (docs/decisions/115).

/** The key of the history entry an open dialog adds (tests wait for it). */
export const DIALOG_ENTRY = 'dialogOpen';
/** What a dialog that can open again after a reload is called in its entry ('create', 'edit:{id}'). */
const REOPEN = 'reopen';
/** Where the entry was added: a reload the server answered with another page (signed out) finds none of its own. */
const PATH = 'path';

// Unique across reloads: a dialog of this page never takes an entry left by the page before.
const thisLoad = Date.now().toString(36);
let opened = 0;
/** The entries of dialogs open on this page now. */
const live = new Set<string>();
/** Whether this page went back over an entry left behind already. */
let forgotten = false;

const stateOf = (): Record<string, unknown> | null => history.state as Record<string, unknown> | null;
/** Whether the current history entry is the one dialog `id` added (a dialog over a dialog adds its own). */
const isEntryOf = (id: string): boolean => stateOf()?.[DIALOG_ENTRY] === id;

/**
 * Back over a dialog's entry. A frame in the dialog that moved on (the booking page's steps) added
 * entries after it, invisible to the page: history.back() spent itself on the frame's last, and
 * the dialog's entry stayed behind for a Back that did nothing. The Navigation API steps over the
 * page's own entries alone. Where it is missing (older browsers), history.back().
 */
function backOverOwnEntry(): void {
  if (typeof navigation !== 'undefined' && navigation.canGoBack) {
    const { committed, finished } = navigation.back();
    // Interrupted by another navigation (the person leaving): nothing to undo.
    committed?.catch(() => {});
    finished?.catch(() => {});
  } else history.back();
}

/** The current entry, when a dialog that is not open added it: what the page was showing before a reload. */
function leftBehind(): { id: string; reopen: string | null } | null {
  const state = stateOf();
  const id = state?.[DIALOG_ENTRY];
  if (typeof id !== 'string' || live.has(id) || state?.[PATH] !== window.location.pathname) return null;
  const reopen = state[REOPEN];
  return { id, reopen: typeof reopen === 'string' ? reopen : null };
}

/** The dialog that was open when this page was reloaded, if it can open again: 'create', 'edit:{id}'. */
export function dialogToReopen(): string | null {
  return leftBehind()?.reopen ?? null;
}

/**
 * Goes back over the entry a dialog left before a reload, when it will not open again (a
 * question, a form that keeps no draft, an item since deleted): else Back would seem to do nothing.
 * `all` false leaves the entries of dialogs that can open again to their screens.
 */
export function forgetDialogLeftBehind({ all }: { all: boolean }): void {
  const entry = leftBehind();
  // Once a page: history.back() is answered later, and a second call before it would leave the page.
  if (!entry || forgotten || (!all && entry.reopen !== null)) return;
  forgotten = true;
  backOverOwnEntry();
}

/**
 * While `open`, Back calls `requestClose`, which answers whether it closed (false: the person
 * chose to stay, and the entry is put back for the next Back). `reopenAs` names a dialog that
 * opens again after a reload (`dialogToReopen`), taking the entry it had.
 */
export function useBackCloses(open: boolean, requestClose: () => boolean, reopenAs?: string): void {
  const latest = useRef(requestClose);
  useEffect(() => {
    latest.current = requestClose;
  });
  useEffect(() => {
    if (!open) return;
    const before = leftBehind();
    const adopted = reopenAs !== undefined && before?.reopen === reopenAs;
    const id = adopted ? before.id : `${thisLoad}-${++opened}`;
    const push = () =>
      history.pushState(
        { [DIALOG_ENTRY]: id, [PATH]: window.location.pathname, ...(reopenAs ? { [REOPEN]: reopenAs } : {}) },
        '',
        window.location.href,
      );
    live.add(id);
    if (!adopted) push();
    let popped = false;
    const onPopState = () => {
      // Back from a dialog opened over this one lands here: that one closes, this one stays.
      if (isEntryOf(id)) return;
      if (latest.current()) popped = true;
      else push();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      live.delete(id);
      window.removeEventListener('popstate', onPopState);
      if (!popped && isEntryOf(id)) backOverOwnEntry();
    };
    // reopenAs is read when the dialog opens: the entry keeps the name it was opened under.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
