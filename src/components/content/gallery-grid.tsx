import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type TouchEvent } from 'react';
import type { GalleryView } from '../../server/pages/views.ts';
import { ResponsiveImage } from '../responsive-image.tsx';

export const EMPTY_GALLERY = 'No images in the gallery yet.';
const SWIPE_PX = 50;

/** The largest file of an image, for the lightbox and for the tile's link before hydration. */
function fullSize(item: GalleryView): string {
  const stored = item.image.stored;
  if (!stored) return item.image.src;
  const widest = stored.widths.at(-1);
  return widest ? `${stored.url}/${widest}.webp` : stored.url;
}

/**
 * SPEC §2 Gallery: tiles with their caption on hover and focus; a lightbox dialog with close,
 * previous and next (wrapping), arrow keys, Escape, swipe, and focus back on the tile it came from.
 */
export function GalleryGrid({ items }: { items: GalleryView[] }) {
  const [selected, setSelected] = useState<number | null>(null);
  const tiles = useRef<(HTMLAnchorElement | null)[]>([]);
  const lastOpened = useRef(0);
  const touchStart = useRef<number | null>(null);

  if (items.length === 0) return <p className="text-slate-700">{EMPTY_GALLERY}</p>;

  const count = items.length;
  const step = (delta: number) => setSelected((index) => (index === null ? index : (index + delta + count) % count));
  const current = selected === null ? null : items[selected];

  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    step(end < start ? 1 : -1);
  };

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((item, index) => (
          <li key={item.id}>
            <a
              ref={(element) => {
                tiles.current[index] = element;
              }}
              href={fullSize(item)}
              aria-label={item.caption ? `Open image: ${item.caption}` : `Open image ${index + 1} of ${count}`}
              onClick={(event) => {
                event.preventDefault();
                lastOpened.current = index;
                setSelected(index);
              }}
              className="group relative block aspect-square overflow-hidden rounded-lg bg-slate-100"
            >
              <ResponsiveImage
                src={item.image.src}
                image={item.image.stored}
                alt={item.caption ?? `Gallery image ${index + 1}`}
                sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw"
                priority={index < 4}
                className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
              {item.caption && (
                <span className="absolute inset-x-0 bottom-0 bg-black/75 p-2 text-sm text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                  {item.caption}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
      <Dialog.Root open={current !== null} onOpenChange={(open) => !open && setSelected(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              tiles.current[lastOpened.current]?.focus();
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') step(1);
              else if (event.key === 'ArrowLeft') step(-1);
            }}
            onTouchStart={(event) => {
              touchStart.current = event.touches[0]?.clientX ?? null;
            }}
            onTouchEnd={onTouchEnd}
            aria-describedby={undefined}
            className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 text-white"
          >
            <Dialog.Title className="sr-only">
              Image {selected === null ? '' : selected + 1} of {count}
            </Dialog.Title>
            {current && (
              <figure className="flex max-h-full max-w-5xl flex-col items-center gap-3">
                <img
                  key={current.id}
                  src={fullSize(current)}
                  alt={current.caption ?? `Gallery image ${(selected ?? 0) + 1}`}
                  className="max-h-[75vh] w-auto max-w-full rounded object-contain"
                />
                {current.caption && <figcaption className="text-center text-base">{current.caption}</figcaption>}
              </figure>
            )}
            <button type="button" onClick={() => step(-1)} aria-label="Previous image" className="lightbox-nav left-2">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" onClick={() => step(1)} aria-label="Next image" className="lightbox-nav right-2">
              <span aria-hidden="true">›</span>
            </button>
            <Dialog.Close aria-label="Close" className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/15 text-3xl hover:bg-white/30">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
