import { useSyncExternalStore } from 'react';

// The open photo lives in the page's address and history (docs/decisions/108): on a phone, Back
// (the gesture or the button) closes the photo as it does in every photo app, instead of leaving
// the gallery; the address bar names the photo (`#photo-{id}`), so a copied or shared address
// opens it; stepping to the next photo changes the address without adding a step to Back.

const PHOTO_HASH = /^#photo-([0-9a-z]{1,64})$/;
/** The mark on a history entry this page added by opening a photo (only those are gone back from). */
const OPENED_HERE = 'galleryPhoto';

/** The anchor of a photo's tile, and the address fragment of the photo opened. */
export const photoAnchor = (id: string): string => `photo-${id}`;

// pushState and replaceState fire no event: the page's own changes tell the subscribers here.
// `pageshow`: a page brought back from the browser's back-forward cache reads its address again.
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  window.addEventListener('pageshow', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
    window.removeEventListener('pageshow', listener);
  };
}
const changed = () => listeners.forEach((listener) => listener());

const openedPhotoId = (): string => PHOTO_HASH.exec(window.location.hash)?.[1] ?? '';
const openedHere = (): boolean => typeof history.state === 'object' && history.state !== null && OPENED_HERE in history.state;

/** Which of `ids` is open (an index, or null: the address names none of them), and how to open, step to and close one. */
export function usePhotoHistory(ids: string[]) {
  // Rendered on the server with none open; the address is read once the island is live.
  const id = useSyncExternalStore(subscribe, openedPhotoId, () => '');
  const index = id ? ids.indexOf(id) : -1;

  const open = (at: number) => {
    history.pushState({ [OPENED_HERE]: true }, '', `#${photoAnchor(ids[at]!)}`);
    changed();
  };

  const step = (at: number) => {
    history.replaceState(history.state, '', `#${photoAnchor(ids[at]!)}`);
    changed();
  };

  /** Back to the gallery's own entry when this page opened the photo; otherwise the address drops the photo in place. */
  const close = () => {
    if (openedHere()) {
      history.back();
      return;
    }
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
    changed();
  };

  return { selected: index === -1 ? null : index, open, step, close };
}
