import { Suspense, useEffect, useMemo, useRef, type ComponentProps } from 'react';
import { lazyOr } from '../lazy-or.ts';
import type { GalleryView } from '../../server/views/views.ts';
import { ResponsiveImage } from '../responsive-image.tsx';
import { fullSize } from './gallery-image.ts';
import { usePhotoHistory } from './use-photo-history.ts';
import { photoAnchor } from '../../core/shared/photo-address.ts';

type LightboxProps = ComponentProps<typeof import('./gallery-lightbox.tsx').GalleryLightbox>;

/**
 * Without the lightbox's code (a page older than the site, a dropped connection): the image
 * itself, as the plain link would. In place of the photo's history entry, so that Back returns
 * to the gallery and not to the address that would open the image again.
 */
function OpenImage({ items, selected }: LightboxProps) {
  useEffect(() => window.location.replace(fullSize(items[selected]!)), [items, selected]);
  return null;
}

// The lightbox's code (Radix Dialog) loads when a visitor first opens an image.
const GalleryLightbox = lazyOr<LightboxProps>(() => import('./gallery-lightbox.tsx').then((m) => m.GalleryLightbox), OpenImage);

const EMPTY_GALLERY = 'No images in the gallery yet.';

/**
 * SPEC §2 Gallery: tiles with their caption on hover and focus (always on touch screens); a lightbox dialog with close,
 * previous and next (wrapping), arrow keys, Escape, swipe, and focus back on the tile it came from.
 */
function GalleryGrid({ items }: { items: GalleryView[] }) {
  const photos = usePhotoHistory(useMemo(() => items.map((item) => item.id), [items]));
  const { selected } = photos;
  const tiles = useRef<(HTMLAnchorElement | null)[]>([]);
  const lastOpened = useRef(0);
  const wasOpen = useRef(false);
  // However it closes (its button, Escape, Back), focus goes back to the tile it was opened from.
  useEffect(() => {
    if (selected !== null) {
      if (!wasOpen.current) lastOpened.current = selected;
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // After the dialog has unmounted, or its focus trap would take focus back.
    requestAnimationFrame(() => tiles.current[lastOpened.current]?.focus());
  }, [selected]);

  if (items.length === 0) return <p className="text-slate-700">{EMPTY_GALLERY}</p>;

  const count = items.length;

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item, index) => (
          <li key={item.id} id={photoAnchor(item.id)} className="scroll-mt-4">
            <a
              ref={(element) => {
                tiles.current[index] = element;
              }}
              href={fullSize(item)}
              aria-label={item.image.alt ? `Open image: ${item.image.alt}` : `Open image ${index + 1} of ${count}`}
              onClick={(event) => {
                event.preventDefault();
                photos.open(index);
              }}
              className="group relative block aspect-square overflow-hidden rounded-lg bg-slate-100"
            >
              <ResponsiveImage
                src={item.image.src}
                image={item.image.stored}
                // The link's label describes the image; the caption is shown for sighted visitors.
                alt=""
                sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw"
                priority={index === 0}
                className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
              {item.caption && (
                <span
                  aria-hidden="true"
                  // Shown on hover and focus; always on touch screens, which cannot hover (two lines at most).
                  className="absolute inset-x-0 bottom-0 bg-black/75 p-2 text-sm text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 [@media(hover:none)]:line-clamp-2 [@media(hover:none)]:opacity-100"
                >
                  {item.caption}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
      {selected !== null && (
        <Suspense fallback={null}>
          <GalleryLightbox items={items} selected={selected} onSelect={photos.step} onClose={photos.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The grid as the page's island, its items given as one JSON text. Astro writes an island's props
 * into the page value by value, each tagged with its type: for a page of photos that was 4–8 % of
 * the page's render, against well under 1 % for one string.
 */
export function GalleryGridIsland({ itemsJson }: { itemsJson: string }) {
  const items = useMemo(() => JSON.parse(itemsJson) as GalleryView[], [itemsJson]);
  return <GalleryGrid items={items} />;
}
