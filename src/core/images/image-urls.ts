// Where a stored image lives and which of its files to ask for: the one home of the URL scheme
// (/images/{id}, /images/{id}/{width}.{format}) and of the width choice, used by the server, the
// pages, the feeds and the admin app alike. Pure: no Node, no database.

const PREFIX = '/images/';
const STORED_ID = /^[a-z0-9]+$/;

/** The widths an upload is stored at (those narrower than the image, and the image's own width up to the largest). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export type ImageFormat = 'webp' | 'avif';

/** The URL of a stored image, as content refers to it. */
export const storedImageUrl = (id: string): string => `${PREFIX}${id}`;

/** The id of a stored image from its URL, or null for anything else (external URLs, copies of them). */
export function storedImageId(url: string | null | undefined): string | null {
  if (!url?.startsWith(PREFIX)) return null;
  const id = url.slice(PREFIX.length);
  return STORED_ID.test(id) ? id : null;
}

/** Any file this site serves under /images/ (stored images, their variants, copies of external images). */
export const isSiteImagePath = (path: string): boolean => path.startsWith(PREFIX);

const SITE_IMAGE_URL = /^\/images\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** A well-formed path to an image of this site, as content may refer to it. */
export const isSiteImageUrl = (value: string): boolean => SITE_IMAGE_URL.test(value) && !value.includes('..');

const STORED_FILE = /^\/images\/[0-9a-z]{12}(?:\/[1-9]\d{1,3}\.(?:webp|avif))?$/;

/**
 * A stored image's master or one of its variants (/images/{id}, /images/{id}/640.webp, or at the
 * image's own width when narrower than the largest), whose bytes never change while the id lives.
 * Ids as newId makes them (twelve characters): not the copies of external images or the pictures
 * in news text (/images/remote/…, /images/text/…), nor the previews and icons drawn when first
 * asked for.
 */
export const isStoredImageFile = (path: string): boolean => STORED_FILE.test(path);

/** One file of a stored image: its variant at `width` in `format`. */
export const variantUrl = (url: string, width: number, format: ImageFormat = 'webp'): string => `${url}/${width}.${format}`;

/**
 * The copy link previews show (docs/decisions/087): a JPEG at most SHARE_WIDTH px wide, drawn
 * from the master on first request, beside the image's other files.
 */
export const SHARE_FILE = 'share.jpg';
export const SHARE_TYPE = 'image/jpeg';
export const SHARE_WIDTH = 1200;

/** A stored image's share copy, and the size it is drawn at. */
export function shareImage(stored: { url: string; width: number; height: number }): { url: string; width: number; height: number } {
  const width = Math.min(SHARE_WIDTH, stored.width);
  return { url: `${stored.url}/${SHARE_FILE}`, width, height: Math.round((stored.height * width) / stored.width) };
}

/**
 * The square PNG a phone puts on its home screen for the site (apple-touch-icon; docs/decisions/094),
 * drawn from the master on first request like the share copy, beside the image's other files.
 */
export const TOUCH_ICON_FILE = 'touch-icon.png';
export const TOUCH_ICON_SIZE = 180;

/**
 * The same drawn larger, for the web app manifest: Android's home screen and app list ask for
 * 192 and 512 px, and scale down the nearer larger one (docs/decisions/100).
 */
export const APP_ICON_FILE = 'app-icon.png';
export const APP_ICON_SIZE = 512;

/** The files drawn from a master when first asked for, not stored at upload (nor kept in backups). */
const DRAWN_WHEN_ASKED = [SHARE_FILE, TOUCH_ICON_FILE, APP_ICON_FILE] as const;
export type DrawnFile = (typeof DRAWN_WHEN_ASKED)[number];

export const isDrawnFile = (name: string): name is DrawnFile => (DRAWN_WHEN_ASKED as readonly string[]).includes(name);

/** The home-screen icons: drawn from the club's logo alone, the one picture pages name as one. */
export const isIconFile = (name: string): boolean => name === TOUCH_ICON_FILE || name === APP_ICON_FILE;

/** A signature in the address of this site's copy of an image given by URL (remote-images.ts signs it). */
const SIGNATURE = '[0-9a-f]{40}';
export const REMOTE_SIGNATURE = new RegExp(`^${SIGNATURE}$`);
const REMOTE_COPY = new RegExp(`^(/images/remote/${SIGNATURE})\\?`);

/** A file drawn from this site's copy of an image given by URL (its path from RemoteImages.pathFor); null for any other path. */
export function remoteDrawnUrl(path: string, file: DrawnFile = SHARE_FILE): string | null {
  return REMOTE_COPY.test(path) ? path.replace(REMOTE_COPY, `$1/${file}?`) : null;
}

/** The stored width to serve for `wanted` pixels: the narrowest at least as wide, else the widest. */
export function nearestWidth(widths: readonly number[], wanted: number): number | undefined {
  return widths.find((w) => w >= wanted) ?? widths.at(-1);
}

/** A stored image at about `wanted` pixels wide; any other URL is returned as it is. */
export function sizedImageUrl(url: string, wanted: number): string {
  return storedImageId(url) ? variantUrl(url, nearestWidth(VARIANT_WIDTHS, wanted)!) : url;
}
