import type { Sharp } from 'sharp';
import { SHARE_WIDTH } from './image-urls.ts';
import { withEncoder } from './pipeline.ts';
import { loadSharp } from './sharp.ts';

// Link previews show the picture a page names in og:image. WhatsApp, where a school's parents
// share an event, shows none for WebP, the only format the site stores; JPEG every app shows. So
// each image a page names gets a JPEG copy, drawn from its master on the first request (a
// preview's crawler, once) and kept beside its other files (kept-copies.ts; docs/decisions/087).

/** Larger pictures are left out of WhatsApp's previews (as reported): the copy is made to fit. */
export const SHARE_MAX_BYTES = 300 * 1024;
const QUALITIES = [82, 70, 55, 40];

/** What shows through the clear parts of a picture (a logo): white, or dark for a light logo. */
const WHITE = '#ffffff';
const DARK = '#1f2937';

/**
 * A master drawn as a share copy: at most SHARE_WIDTH px wide. JPEG has no clear parts: a logo's
 * go white, unless the logo is light (white letters), which then stands on dark: whichever shows
 * it with more contrast.
 */
export async function drawShareCopy(master: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return withEncoder(async () => {
    const sized = () => sharp(master).resize({ width: SHARE_WIDTH, withoutEnlargement: true });
    const background = await backgroundFor(master, sized);
    const pixels = await sized().flatten({ background }).raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = pixels.info;
    let copy: Buffer | undefined;
    for (const quality of QUALITIES) {
      copy = await sharp(pixels.data, { raw: { width, height, channels } }).jpeg({ quality, mozjpeg: true }).toBuffer();
      if (copy.byteLength <= SHARE_MAX_BYTES) break;
    }
    return new Uint8Array(copy!);
  });
}

/**
 * What shows through the clear parts of a picture drawn from `master` by `sized` (a pipeline of
 * it, before flattening): white, or dark when that shows it with more contrast (a white logo).
 * An opaque picture: white, unseen.
 */
export async function backgroundFor(master: Uint8Array, sized: () => Sharp): Promise<string> {
  const sharp = await loadSharp();
  if (!(await sharp(master).metadata()).hasAlpha) return WHITE;
  // Stats in sharp read the input, not what a pipeline makes: measured on the drawn pixels.
  const spread = async (colour: string) => standardDeviation(await sized().flatten({ background: colour }).greyscale().raw().toBuffer());
  return (await spread(DARK)) > (await spread(WHITE)) ? DARK : WHITE;
}

function standardDeviation(values: Uint8Array): number {
  let sum = 0;
  let squares = 0;
  for (const value of values) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / values.length;
  return Math.sqrt(squares / values.length - mean * mean);
}
