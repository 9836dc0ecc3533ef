import type { AppContext } from '../../core/context.ts';
import {
  GALLERY_PAGE_SIZE,
  GALLERY_PATH,
  galleryPageOf,
  namesAPhoto,
  photoIdIn,
  photoPath,
  withPhoto,
} from '../../core/shared/photo-address.ts';
import { paginate, type Pagination } from './pagination.ts';

export type GalleryPage =
  /**
   * The address is sent on: to the page its photo is on now (newer photos came, older ones
   * went), or, naming no photo in the gallery, to the page asked for without the name (the first
   * page when that one is no more).
   */
  | { redirect: string }
  /** This page; `photo`: the photo of it the address names. */
  | { pages: Pagination; photo: string | null }
  /** No such page: the not-found page. */
  | null;

/** Which page of the gallery an address asks for (docs/decisions/112). */
export async function galleryPage(app: AppContext, url: URL): Promise<GalleryPage> {
  const photo = photoIdIn(url.searchParams);
  const [total, position] = await Promise.all([app.gallery.count(), photo ? app.gallery.positionOf(photo) : undefined]);
  const pages = paginate(url, total, GALLERY_PAGE_SIZE);
  // A deleted photo on a page that went with it: the gallery's first page, not 'Page not found'.
  if (namesAPhoto(url.searchParams) && (photo === null || position === undefined))
    return { redirect: pages ? withPhoto(url, null) : GALLERY_PATH };
  if (photo && position !== undefined && galleryPageOf(position) !== pages?.page) {
    return { redirect: photoPath(photo, galleryPageOf(position)) };
  }
  return pages && { pages, photo };
}
