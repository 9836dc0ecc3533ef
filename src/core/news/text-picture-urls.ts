import { createHash } from 'node:crypto';
import { TEXT_PICTURE_ADDRESS } from './news.schema.ts';

// Pictures in a news item's text are kept inside it as data: addresses (docs/decisions/081), but
// visitors' pages and the feed link each one as a file of its own (docs/decisions/083):
// /images/text/{news id}/{key}.{extension}, the key a hash of the picture, so that a changed
// picture has a new address and each can be kept by browsers for a year.

const DATA_ADDRESS = new RegExp(`^${TEXT_PICTURE_ADDRESS}$`, 'i');
/** An image tag in cleaned news HTML (sanitize-content.ts: `>` never inside an attribute). */
export const IMAGE_TAG = /<img\b[^>]*>/gi;
/** A picture kept in the text, in a tag's src. Groups: ` src="`, the address, its type, its base64. */
export const PICTURE_SRC = new RegExp(`(\\ssrc=")(${TEXT_PICTURE_ADDRESS})"`, 'i');
const EXTENSIONS: Record<string, string> = { png: 'png', gif: 'gif', jpeg: 'jpg', bmp: 'bmp', 'x-icon': 'ico', webp: 'webp' };
const TEXT_PICTURE_TYPES: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  webp: 'image/webp',
};
const FILE_NAME = /^([A-Za-z0-9_-]{22})\.(png|gif|jpg|bmp|ico|webp)$/;

/** The file name of a picture in the text (its data: address), or null for an address that is no picture. */
export function textPictureName(address: string): string | null {
  const found = DATA_ADDRESS.exec(address);
  if (!found) return null;
  const key = createHash('sha256').update(found[2]!.replace(/\s/g, '')).digest('base64url').slice(0, 22);
  return `${key}.${EXTENSIONS[found[1]!.toLowerCase()]}`;
}

/** Where visitors' pages load a picture in the text of news item `newsId`; the address itself when it is no picture. */
export function textPictureUrl(newsId: string, address: string): string {
  const name = textPictureName(address);
  return name ? `/images/text/${newsId}/${name}` : address;
}

/** The picture named `name` in cleaned news HTML, as bytes and a type; null when it has none such. */
export function findTextPicture(content: string, name: string): { type: string; bytes: Buffer } | null {
  const file = FILE_NAME.exec(name);
  if (!file) return null;
  for (const [tag] of content.matchAll(IMAGE_TAG)) {
    const address = PICTURE_SRC.exec(tag)?.[2];
    if (!address || textPictureName(address) !== name) continue;
    return { type: TEXT_PICTURE_TYPES[file[2]!]!, bytes: Buffer.from(address.slice(address.indexOf(',') + 1), 'base64') };
  }
  return null;
}
