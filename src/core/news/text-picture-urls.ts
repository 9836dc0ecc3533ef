import { createHash } from 'node:crypto';

// Pictures in a news item's text are kept inside it as data: addresses (docs/decisions/081), but
// visitors' pages and the feed link each one as a file of its own (docs/decisions/083):
// /images/text/{news id}/{key}.{extension}, the key a hash of the picture, so that a changed
// picture has a new address and each can be kept by browsers for a year.

const DATA_ADDRESS = /^data:image\/(png|gif|jpeg|bmp|x-icon|webp);base64,([A-Za-z0-9+/=\s]+)$/i;
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
const PICTURE_SRC = /<img\b[^>]*?\ssrc="(data:image\/[^"]*)"/gi;

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
  for (const match of content.matchAll(PICTURE_SRC)) {
    const address = match[1]!;
    if (textPictureName(address) !== name) continue;
    return { type: TEXT_PICTURE_TYPES[file[2]!]!, bytes: Buffer.from(address.slice(address.indexOf(',') + 1), 'base64') };
  }
  return null;
}
