import type { OutputInfo, SharpOptions } from 'sharp';
import { BusyError, createLimiter } from '../shared/limiter.ts';
import { decodeHeic, HeicError, isHeic } from './heic.ts';
import { loadSharp } from './sharp.ts';
import { MAX_IMAGE_SIDE } from './upload-limits.ts';
import { VARIANT_WIDTHS } from './image-urls.ts';

// Encoding is the heaviest work this server does. One image at a time, each on one libvips
// thread (src/core/images/sharp.ts), with a short queue: ten uploads at once take one core and
// leave the other to the pages visitors are waiting for; past the queue, "busy" (503) instead
// of minutes of waiting.
const ENCODING_QUEUE = 20;
const encoding = createLimiter(1, ENCODING_QUEUE, 'The server is busy processing other images. Please try again in a moment.');

/** Runs image work in the encoder's queue. */
export const withEncoder = <T>(task: () => Promise<T>): Promise<T> => encoding.run(task);

const MAX_INPUT_PIXELS = 50_000_000;
/** The limit as people read it, for messages: 50. */
export const MEGAPIXELS = MAX_INPUT_PIXELS / 1_000_000;
/** sharp's refusal of an image over `limitInputPixels`, whatever it read it from. */
export const isPixelLimit = (error: unknown): boolean => /pixel limit/i.test(String(error));
export const NOT_AN_IMAGE = 'Please upload an image file (jpg, jpeg, png, gif)';

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

/**
 * The HEIC reader's process was stopped from outside (out of memory on a small host, or its time
 * limit): the photo may be fine, so the volunteer hears the server's state and may try again.
 */
export class ImageReaderStoppedError extends BusyError {
  override name = 'ImageReaderStoppedError';
  constructor(signal: string) {
    super(
      'The server could not finish reading this HEIC photo (it ran short of memory or time). Please try again in a minute, or send the photo as a JPEG.',
      60,
    );
    this.cause = signal;
  }
}

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

/** Recognises the formats we accept by their first bytes; the name and declared type prove nothing. */
export function detectFormat(bytes: Uint8Array): ImageFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(4, 'ftypavif') || ascii(4, 'ftypavis')) return 'avif';
  if (isHeic(bytes)) return 'heic';
  return null;
}

export interface ProcessedImage {
  width: number;
  height: number;
  placeholder: string;
  master: Uint8Array;
  variants: { width: number; format: 'avif' | 'webp'; data: Uint8Array }[];
}

// Encoder settings chosen by measurement on 2 cores (npm run bench): AVIF's default effort 4
// takes ~3.5 s for one 1280 px image, effort 1 ~0.2 s for a few per cent more bytes.
const AVIF = { quality: 50, effort: 1 } as const;
const WEBP = { quality: 75, effort: 2 } as const;
const MASTER_WEBP = { quality: 82, effort: 2 } as const;

/**
 * Decodes, rotates by EXIF orientation, and re-encodes: a master of at most 2400 px and AVIF and
 * WebP variants at the standard widths, never upscaled. sharp writes no metadata unless asked,
 * so EXIF (GPS included), XMP, IPTC and comments are gone from every file. Animated GIFs keep
 * their first frame (docs/decisions/006).
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const format = detectFormat(bytes);
  if (!format) throw new ImageRejectedError(NOT_AN_IMAGE);
  return withEncoder(() => encode(bytes, format));
}

/** The image as sharp reads it: the file itself, or a HEIC photo's pixels decoded beside (heic.ts). */
export async function sharpInput(bytes: Uint8Array, format: ImageFormat): Promise<{ input: Uint8Array; options: SharpOptions }> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false } as const;
  if (format !== 'heic') return { input: bytes, options };
  try {
    const { width, height, pixels } = await decodeHeic(bytes, MAX_INPUT_PIXELS);
    return { input: pixels, options: { ...options, raw: { width, height, channels: 4 } } };
  } catch (error) {
    // The photo's fault is the volunteer's to hear; the server's (no process could start) is not.
    if (!(error instanceof HeicError)) throw error;
    if (error.reason === 'stopped') throw new ImageReaderStoppedError(error.message);
    throw error.reason === 'too-many-pixels' ? tooManyPixels() : new ImageRejectedError(NOT_AN_IMAGE);
  }
}

const tooManyPixels = () => new ImageRejectedError(`The image has too many pixels (at most ${MEGAPIXELS} megapixels).`, 413);

async function encode(bytes: Uint8Array, format: ImageFormat): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { input: source, options } = await sharpInput(bytes, format);
  let master: { data: Buffer; info: OutputInfo };
  try {
    const input = sharp(source, options);
    const meta = await input.metadata();
    if (!meta.width || !meta.height) throw new ImageRejectedError(NOT_AN_IMAGE);
    master = await input
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp(MASTER_WEBP)
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    if (isPixelLimit(error)) throw tooManyPixels();
    throw new ImageRejectedError(NOT_AN_IMAGE);
  }

  const { width, height } = master.info;
  const widths = VARIANT_WIDTHS.filter((w) => w < width) as number[];
  if (width <= VARIANT_WIDTHS.at(-1)!) widths.push(width);
  const fromMaster = () => sharp(master.data);
  const stats = await fromMaster().stats();
  // One after another, so that one image uses one thread.
  const variants: ProcessedImage['variants'] = [];
  for (const w of widths) {
    variants.push({ width: w, format: 'avif', data: await fromMaster().resize({ width: w }).avif(AVIF).toBuffer() });
    variants.push({ width: w, format: 'webp', data: await fromMaster().resize({ width: w }).webp(WEBP).toBuffer() });
  }
  const { r, g, b } = stats.dominant;
  const placeholder = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return { width, height, placeholder, master: master.data, variants };
}
