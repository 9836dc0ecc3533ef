import type { AppContext } from '../../core/context.ts';
import { GALLERY_PAGE_SIZE, galleryPageOf, photoIdIn, photoPath } from '../../core/shared/photo-address.ts';
import { paginate, type Pagination } from './pagination.ts';

export type GalleryPage =
  /** The photo the address names is on another page now (newer photos came, older ones went). */
  | { moved: string }
  /** This page; `photo`: the photo of it the address names, if it names one that is here. */
  | { pages: Pagination; photo: string | null }
  /** No such page: the not-found page. */
  | null;

/** Which page of the gallery an address asks for (docs/decisions/112). */
export async function galleryPage(app: AppContext, url: URL): Promise<GalleryPage> {
  const photo = photoIdIn(url.searchParams);
  const [total, position] = await Promise.all([app.gallery.count(), photo ? app.gallery.positionOf(photo) : undefined]);
  const pages = paginate(url, total, GALLERY_PAGE_SIZE);
  if (photo && position !== undefined) {
    const page = galleryPageOf(position);
    if (page !== pages?.page) return { moved: photoPath(photo, page) };
  }
  return pages && { pages, photo: position === undefined ? null : photo };
}
