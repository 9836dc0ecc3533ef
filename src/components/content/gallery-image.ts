import type { GalleryView } from '../../server/views/views.ts';
import { variantUrl } from '../../core/images/image-urls.ts';

/** The largest file of an image, for the lightbox and for the tile's link before hydration. */
export function fullSize(item: GalleryView): string {
  const stored = item.image.stored;
  if (!stored) return item.image.src;
  const widest = stored.widths.at(-1);
  return widest ? variantUrl(stored.url, widest) : stored.url;
}
