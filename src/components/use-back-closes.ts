import { useEffect, useRef } from 'react';

// On a phone, Back (Android's gesture or button, the browser's arrow) closes what is open on top
// of a page, as in every app (docs/decisions/109, 114): the admin's forms and questions, and the
// public booking window. Without this, Back left the page under it: an edge swipe while typing
// went to the dashboard; a parent who opened 'Book Now' and changed their mind left the events.
// An open dialog adds one history entry at the same address; Back takes it away and the dialog
// closes, asking first when typed text would be lost, as its Close button does. Closed any other
// way, the dialog goes back over its own entry, so the next Back leaves the page as expected.

const MARK = 'dialogOpen';
let opened = 0;
/** Whether the current history entry is the one dialog `id` added (a dialog over a dialog adds its own). */
const isEntryOf = (id: number): boolean => (history.state as Record<string, unknown> | null)?.[MARK] === id;

/**
 * While `open`, Back calls `requestClose`, which answers whether it closed (false: the person
 * chose to stay, and the entry is put back for the next Back).
 */
export function useBackCloses(open: boolean, requestClose: () => boolean): void {
  const latest = useRef(requestClose);
  useEffect(() => {
    latest.current = requestClose;
  });
  useEffect(() => {
    if (!open) return;
    const id = ++opened;
    const push = () => history.pushState({ [MARK]: id }, '', window.location.href);
    push();
    let popped = false;
    const onPopState = () => {
      // Back from a dialog opened over this one lands here: that one closes, this one stays.
      if (isEntryOf(id)) return;
      if (latest.current()) popped = true;
      else push();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // A frame in the dialog that moved on (the booking page's steps) added entries after this
      // one, invisible to history.state: this Back then steps over the frame's last, which does
      // nothing once the frame is gone, and its other entries stay, as they would without this.
      if (!popped && isEntryOf(id)) history.back();
    };
  }, [open]);
}
