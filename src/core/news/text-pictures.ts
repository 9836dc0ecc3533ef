import { detectFormat, isPixelLimit, MEGAPIXELS, sharpInput, withEncoder } from '../images/pipeline.ts';
import { loadSharp } from '../images/sharp.ts';
import { ValidationError } from '../shared/errors.ts';
import { TEXT_PICTURE_SIDE } from './news.schema.ts';
import { IMAGE_TAG, PICTURE_SRC } from './text-picture-urls.ts';

// Pictures pasted or dropped into a news item's text travel inside it, as data: addresses (SPEC
// §5). A photo dropped from a phone's files keeps its EXIF, GPS position included: on a primary
// school's site that says where a child lives. So each picture in the text is drawn again on the
// server as it is written, with no metadata, turned upright, at most TEXT_PICTURE_SIDE px, as
// WebP (docs/decisions/081). Cleaned content has one shape (sanitize-content.ts), so a pattern
// finds every picture exactly.
const UNREADABLE = 'A picture in the text could not be read. Remove it and add it again, or add the photo as the news image instead.';
const TOO_MANY_PIXELS = `A picture in the text has too many pixels (at most ${MEGAPIXELS} megapixels). Add a smaller copy.`;

/**
 * Cleaned news HTML with each picture in it settled: drawn again once, then left as it is, and
 * given its width and height so that the page keeps its place before it has loaded.
 */
export async function settleTextPictures(
  clean: string,
  { unreadable = 'refuse' }: { unreadable?: 'refuse' | 'remove' } = {},
): Promise<string> {
  const addresses = new Set([...clean.matchAll(IMAGE_TAG)].flatMap((tag) => PICTURE_SRC.exec(tag[0])?.[2] ?? []));
  if (addresses.size === 0) return clean;
  const settled = new Map<string, Settled | null>();
  for (const address of addresses) {
    // Content stored before these rules cannot be refused: a picture no browser could show goes.
    const picture = await settle(address).catch((error: unknown) => {
      if (unreadable === 'remove' && error instanceof ValidationError) return null;
      throw error;
    });
    settled.set(address, picture);
  }
  return clean.replace(IMAGE_TAG, (tag) => {
    const found = PICTURE_SRC.exec(tag);
    if (!found) return tag;
    const picture = settled.get(found[2]!);
    if (!picture) return '';
    const withSrc = tag.replace(PICTURE_SRC, (_src, start: string) => `${start}${picture.address}"`);
    if (!picture.size || /\s(width|height)="/.test(tag)) return withSrc;
    return withSrc.replace(/\s*\/?>$/, ` width="${picture.size.width}" height="${picture.size.height}" />`);
  });
}

interface Settled {
  address: string;
  size?: { width: number; height: number };
}

/** One picture's data: address, as it is to be kept, and its size where it is known. */
async function settle(address: string): Promise<Settled> {
  const bytes = Buffer.from(address.slice(address.indexOf(',') + 1), 'base64');
  const format = detectFormat(bytes);
  // BMP and icons (which the editor takes, and sharp cannot read) carry no metadata: kept as sent.
  if (!format) return { address };
  const sharp = await loadSharp();
  return withEncoder(async () => {
    try {
      const { input, options } = await sharpInput(bytes, format);
      const meta = await sharp(input, options).metadata();
      const height = meta.pageHeight ?? meta.height;
      const small = Math.max(meta.width, height) <= TEXT_PICTURE_SIDE;
      const bare = !meta.exif && !meta.xmp && !meta.iptc && !meta.icc && !meta.comments?.length;
      // Already settled (or an animation small enough to keep moving): drawn again, it would only lose detail.
      if (small && bare && (format === 'webp' || format === 'gif')) {
        return { address, size: { width: meta.width, height } };
      }
      const { data, info } = await sharp(input, options)
        .rotate()
        .resize({ width: TEXT_PICTURE_SIDE, height: TEXT_PICTURE_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { address: `data:image/webp;base64,${data.toString('base64')}`, size: { width: info.width, height: info.height } };
    } catch (error) {
      throw new ValidationError({ content: isPixelLimit(error) ? TOO_MANY_PIXELS : UNREADABLE });
    }
  });
}
