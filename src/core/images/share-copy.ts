import type { Logger } from '../logger.ts';
import { SHARE_FILE, SHARE_WIDTH } from './image-urls.ts';
import { withEncoder } from './pipeline.ts';
import { loadSharp } from './sharp.ts';
import type { ImageStorage } from './storage.ts';

// Link previews show the picture a page names in og:image. WhatsApp, where a school's parents
// share an event, shows none for WebP, the only format the site stores; JPEG every app shows. So
// each image a page names gets a JPEG copy, drawn from its master on the first request (a
// preview's crawler, once) and kept beside its other files (docs/decisions/087).

/** Larger pictures are left out of WhatsApp's previews (as reported): the copy is made to fit. */
export const SHARE_MAX_BYTES = 300 * 1024;
const QUALITIES = [82, 70, 55, 40];

/** What shows through the clear parts of a picture (a logo): white, or this for a light logo. */
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
    let background = '#ffffff';
    if ((await sharp(master).metadata()).hasAlpha) {
      // Stats in sharp read the input, not what a pipeline makes: measured on the drawn pixels.
      const spread = async (colour: string) =>
        standardDeviation(await sized().flatten({ background: colour }).greyscale().raw().toBuffer());
      if ((await spread(DARK)) > (await spread(background))) background = DARK;
    }
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
 * The share copy of the image whose files are in `folder` (a stored image's id, or a copy of an
 * image given by URL): kept, or drawn now from its master and kept while the disk has room. Null
 * when there is no master.
 * Requests for the same copy at once wait for one drawing.
 */
export function createShareCopies(
  storage: ImageStorage,
  log: Logger,
  roomFor: (bytes: number) => Promise<boolean> = () => Promise.resolve(true),
) {
  const inFlight = new Map<string, Promise<Uint8Array | null>>();

  async function draw(folder: string, key: string): Promise<Uint8Array | null> {
    const master = await storage.get(`${folder}/master.webp`);
    if (!master) return null;
    const copy = await drawShareCopy(master);
    // A disk short of room (anyone can ask for the copy of every photo: never past the reserve
    // kept for uploads, docs/decisions/057), or failing, does not stop the preview: it is drawn
    // again next time.
    const kept = (await roomFor(copy.byteLength)) ? storage.put(key, copy) : Promise.reject(new Error('the disk keeps its reserve'));
    await kept.catch((error: unknown) => log.warn({ err: error, key }, 'could not keep a share copy; drawn again when asked'));
    return copy;
  }

  return async (folder: string): Promise<Uint8Array | null> => {
    const key = `${folder}/${SHARE_FILE}`;
    const kept = await storage.get(key);
    if (kept) return kept;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = draw(folder, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
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
