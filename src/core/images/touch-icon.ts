import { APP_ICON_SIZE, TOUCH_ICON_SIZE } from './image-urls.ts';
import { withEncoder } from './pipeline.ts';
import { loadSharp } from './sharp.ts';
import { backgroundFor } from './share-copy.ts';

// A parent who adds the site to an iPhone's home screen gets the picture a page names in
// <link rel="apple-touch-icon">: a square PNG, which iOS rounds and, where the PNG is clear,
// fills with black (docs/decisions/094). So the club's logo is drawn on a square of its own.

/** The part of the square a logo with clear parts keeps free on each side, as iOS's own icons. */
const MARGIN = 0.1;

/**
 * A master drawn as a home-screen icon: `size` px square (TOUCH_ICON_SIZE for iOS, APP_ICON_SIZE
 * for the web app manifest), opaque. A logo with clear parts stands within a margin on white, or
 * on dark when that shows it better (as the share copy); an opaque one (a photo) fills the square
 * as far as its shape lets, on white.
 */
export async function drawTouchIcon(master: Uint8Array, size: number = TOUCH_ICON_SIZE): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return withEncoder(async () => {
    const clear = (await sharp(master).metadata()).hasAlpha;
    const inner = clear ? Math.round(size * (1 - 2 * MARGIN)) : size;
    const background = await backgroundFor(master, () => sharp(master).resize({ width: inner, height: inner, fit: 'inside' }));
    const sized = await sharp(master)
      .flatten({ background })
      .resize({ width: inner, height: inner, fit: 'contain', background })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const margin = (size - inner) / 2;
    const icon = await sharp(sized.data, { raw: sized.info })
      .extend({ top: margin, bottom: margin, left: margin, right: margin, background })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return new Uint8Array(icon);
  });
}

/** The icon the web app manifest names, APP_ICON_SIZE px square. */
export const drawAppIcon = (master: Uint8Array): Promise<Uint8Array> => drawTouchIcon(master, APP_ICON_SIZE);
