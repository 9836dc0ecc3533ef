import { useEffect, useSyncExternalStore } from 'react';
import { photoIdIn, photoIdOfFragment, withPhoto } from '../../core/shared/photo-address.ts';

// The open photo lives in the page's address and history (docs/decisions/108, 112): on a phone,
// Back (the gesture or the button) closes the photo as it does in every photo app, instead of
// leaving the gallery; the address bar names the photo (`?photo={id}`), so a copied or shared
// address opens it, on whichever page it is by then; stepping to the next photo changes the
// address without adding a step to Back.

/** The mark on a history entry this page added by opening a photo (only those are gone back from). */
const OPENED_HERE = 'galleryPhoto';

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

const openedPhotoId = (): string => photoIdIn(new URLSearchParams(window.location.search)) ?? '';
const openedHere = (): boolean => typeof history.state === 'object' && history.state !== null && OPENED_HERE in history.state;
/** The address bar as it is, naming photo `id` (or none). */
const addressWith = (id: string | null): string => withPhoto(new URL(window.location.href), id);
const replaceAddress = (address: string) => {
  history.replaceState(history.state, '', address);
  changed();
};

/** Which of `ids` is open (an index, or null: the address names none of them), and how to open, step to and close one. */
export function usePhotoHistory(ids: string[]) {
  // Rendered on the server with none open; the address is read once the island is live.
  const id = useSyncExternalStore(subscribe, openedPhotoId, () => '');
  const index = id ? ids.indexOf(id) : -1;

  // An address shared before 112 named a photo by its tile (`#photo-{id}`): it becomes the
  // photo's address, here if the photo is on this page, otherwise through the server, which
  // knows its page now (also when typed in over this page's own address). An address naming a
  // photo not in the gallery never reaches this page: the server sends it on without the name.
  useEffect(() => {
    const adopt = () => {
      const shared = photoIdOfFragment(window.location.hash);
      if (shared && ids.includes(shared)) replaceAddress(addressWith(shared));
      else if (shared) window.location.replace(addressWith(shared));
    };
    adopt();
    window.addEventListener('hashchange', adopt);
    return () => window.removeEventListener('hashchange', adopt);
  }, [ids]);

  const open = (at: number) => {
    history.pushState({ [OPENED_HERE]: true }, '', addressWith(ids[at]!));
    changed();
  };

  const step = (at: number) => replaceAddress(addressWith(ids[at]!));

  /** Back to the gallery's own entry when this page opened the photo; otherwise the address drops the photo in place. */
  const close = () => {
    if (openedHere()) history.back();
    else replaceAddress(addressWith(null));
  };

  return { selected: index === -1 ? null : index, open, step, close };
}
