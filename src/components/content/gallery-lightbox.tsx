import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type TouchEvent } from 'react';
import type { GalleryView } from '../../server/views/views.ts';
import { ResponsiveImage } from '../responsive-image.tsx';

const SWIPE_PX = 50;
/**
 * The photo's width on the screen: the figure's (max-w-5xl) inside the dialog's padding, or less
 * for a tall photo, whose height (75vh at most) sets it.
 */
function photoSizes({ image }: GalleryView): string {
  const stored = image.stored;
  const byHeight = stored ? `, ${((75 * stored.width) / stored.height).toFixed(2)}vh` : '';
  return `min(1024px, 100vw - 32px${byHeight})`;
}

interface GalleryLightboxProps {
  items: GalleryView[];
  selected: number;
  onSelect: (index: number) => void;
  /** Closes the lightbox; the grid puts focus back on the tile it came from. */
  onClose: () => void;
}

/** SPEC §2 and §4: close, previous and next (wrapping), arrow keys, Escape, swipe on touch, caption below. */
export function GalleryLightbox({ items, selected, onSelect, onClose }: GalleryLightboxProps) {
  const touchStart = useRef<number | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const count = items.length;
  const current = items[selected]!;
  // Fetched now, at the width this screen needs, so that a swipe either way shows the photo at once.
  const neighbours = count > 1 ? [...new Set([items[(selected + 1) % count]!, items[(selected - 1 + count) % count]!])] : [];
  const step = (delta: number) => onSelect((selected + delta + count) % count);

  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    step(end < start ? 1 : -1);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          ref={content}
          // The photo takes focus, not its first button: opened from a shared address, Chrome
          // drew a focus ring on 'Previous image' before the visitor had touched anything. The
          // dialog's title is read out; Tab goes on to the buttons, the arrow keys step.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') step(1);
            else if (event.key === 'ArrowLeft') step(-1);
          }}
          onTouchStart={(event) => {
            touchStart.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={onTouchEnd}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 text-white outline-none"
        >
          <Dialog.Title className="sr-only">
            Image {selected + 1} of {count}
          </Dialog.Title>
          <figure className="flex max-h-full max-w-5xl flex-col items-center gap-3">
            {/* The width this screen needs (AVIF or WebP), not the widest stored: a phone took 1,920 px for a 390 px screen. */}
            <ResponsiveImage
              key={current.id}
              src={current.image.src}
              image={current.image.stored}
              alt={current.image.alt || `Gallery image ${selected + 1}`}
              sizes={photoSizes(current)}
              priority
              className="max-h-[75vh] w-auto max-w-full rounded object-contain"
            />
            {current.caption && <figcaption className="text-center text-base">{current.caption}</figcaption>}
          </figure>
          <div hidden>
            {neighbours.map((item) => (
              <ResponsiveImage key={item.id} src={item.image.src} image={item.image.stored} alt="" sizes={photoSizes(item)} ahead />
            ))}
          </div>
          <button type="button" onClick={() => step(-1)} aria-label="Previous image" className="lightbox-nav left-2">
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" onClick={() => step(1)} aria-label="Next image" className="lightbox-nav right-2">
            <span aria-hidden="true">›</span>
          </button>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/15 text-3xl hover:bg-white/30"
          >
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
