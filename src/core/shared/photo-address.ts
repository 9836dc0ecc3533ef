import { ID_PATTERN } from './ids.ts';

// The address of the gallery and of one photo in it (docs/decisions/112), for the page, the page
// cache and the gallery's island. A photo's address names the photo, not where it is: the page
// it is on changes as newer photos come, and the server sends an address it has outgrown to the
// page it is on now. Pure: no Node, no database.

export const GALLERY_PATH = '/gallery';
/** Photos on a page of the gallery. */
export const GALLERY_PAGE_SIZE = 24;
const PHOTO_PARAM = 'photo';

/** The photo a query names: one `photo` parameter holding an id, or none. */
export function photoIdIn(params: URLSearchParams): string | null {
  const values = params.getAll(PHOTO_PARAM);
  return values.length === 1 && ID_PATTERN.test(values[0]!) ? values[0]! : null;
}

/** Whether a query carries a `photo` parameter at all, well formed or not. */
export const namesAPhoto = (params: URLSearchParams): boolean => params.has(PHOTO_PARAM);

/** The gallery's page (1 first) of the photo at `position` (0 the newest). */
export const galleryPageOf = (position: number): number => Math.floor(position / GALLERY_PAGE_SIZE) + 1;

/** The address of a photo on page `page` of the gallery; the server sends it on to the page the photo is on. */
export const photoPath = (id: string, page = 1): string =>
  page === 1 ? `${GALLERY_PATH}?${PHOTO_PARAM}=${id}` : `${GALLERY_PATH}?page=${page}&${PHOTO_PARAM}=${id}`;

/** `address` (a path with its query, as the browser shows it) naming photo `id`, or no photo when null. */
export function withPhoto(address: URL, id: string | null): string {
  const url = new URL(address);
  if (id === null) url.searchParams.delete(PHOTO_PARAM);
  else url.searchParams.set(PHOTO_PARAM, id);
  url.hash = '';
  return url.pathname + url.search;
}

/** The id of a photo's tile on its page: `#photo-{id}` scrolls to it without any script. */
export const photoAnchor = (id: string): string => `photo-${id}`;

/** A photo named by its tile's fragment, as the gallery named photos before 112 and addresses already shared still do. */
export function photoIdOfFragment(hash: string): string | null {
  const id = hash.startsWith(`#${photoAnchor('')}`) ? hash.slice(photoAnchor('').length + 1) : '';
  return ID_PATTERN.test(id) ? id : null;
}
