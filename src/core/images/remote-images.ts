import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger.ts';
import { BusyError } from '../shared/limiter.ts';
import { detectFormat, ImageRejectedError, isPixelLimit, MEGAPIXELS, sharpInput, withEncoder } from './pipeline.ts';
import { loadSharp } from './sharp.ts';
import { anyAddress, DownloadError, publicOnly, safeDownload, type Resolve } from './safe-download.ts';
import { SITE_KEY_BYTES } from './site-keys.repository.ts';
import type { ImageStorage } from './storage.ts';

// An administrator may give an image as a URL on another site. A public page never makes the
// visitor's browser fetch it: the page links to /images/remote/{signature}?u={url}, and this
// server fetches the image once, re-encodes it without metadata and keeps it. Only URLs the
// server itself signed are fetched, so the route is no open proxy (docs/decisions/009), with the
// site's key, kept in its database so that every instance signs alike (docs/decisions/127).

const REMOTE_MAX_BYTES = 10 * 1024 * 1024;
const REMOTE_MAX_SIDE = 1600;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
/** A URL that could not be fetched is not tried again for this long, so visitors cannot make the server hammer it. */
export const FAILURE_MEMORY_MS = 10 * 60_000;
const FAILURES_REMEMBERED = 1000;
/** Signatures of remote image addresses kept (about 200 bytes each). */
const SIGNATURES_KEPT = 2000;

export interface RemoteImages {
  /** The same-origin path a page uses for an external image URL. */
  pathFor(url: string): string;
  /** The image as WebP, fetched on first use; null for a bad signature or an unusable image. */
  get(signature: string, url: string): Promise<Uint8Array | null>;
  /**
   * Fetches an image URL now, as a form saves it, and keeps the copy visitors will be shown;
   * null when it works, otherwise what is wrong, in words for the person who pasted it.
   */
  check(url: string): Promise<string | null>;
}

export interface RemoteImagesDeps {
  storage: ImageStorage;
  /** The site's key for signing addresses, the same on every instance (docs/decisions/127). */
  secret: Buffer;
  allowPrivate: boolean;
  log: Logger;
  /** DNS resolution, replaceable in tests. */
  resolve?: Resolve;
  now?: () => number;
}

export function createRemoteImages(deps: RemoteImagesDeps): RemoteImages {
  const { secret } = deps;
  // Pages sign every remote image they show, on every render (8 µs each, a fifth of a gallery
  // tile's cost); the same few thousand addresses come back, so each is signed once.
  const signatures = new LRUCache<string, string>({ max: SIGNATURES_KEPT });
  const sign = (url: string) => {
    let signature = signatures.get(url);
    if (signature === undefined) {
      signature = createHmac('sha256', secret).update(url).digest('hex').slice(0, 40);
      signatures.set(url, signature);
    }
    return signature;
  };
  const inFlight = new Map<string, Promise<Uint8Array | null>>();
  // Insertion-ordered, so the oldest entry is the first to go when it is full.
  const failedUntil = new Map<string, number>();
  const now = deps.now ?? Date.now;

  function rememberFailure(key: string): void {
    failedUntil.delete(key);
    if (failedUntil.size >= FAILURES_REMEMBERED) failedUntil.delete(failedUntil.keys().next().value!);
    failedUntil.set(key, now() + FAILURE_MEMORY_MS);
  }

  function recentlyFailed(key: string): boolean {
    const until = failedUntil.get(key);
    if (until === undefined) return false;
    if (until > now()) return true;
    failedUntil.delete(key);
    return false;
  }

  async function fetchAndStore(key: string, url: string): Promise<Uint8Array | null> {
    const outcome = await tryFetchAndStore(key, url);
    return outcome instanceof Uint8Array ? outcome : null;
  }

  /** The stored copy, or why there is none. */
  async function tryFetchAndStore(key: string, url: string): Promise<Uint8Array | string> {
    try {
      const bytes = await safeDownload(url, {
        maxBytes: REMOTE_MAX_BYTES,
        timeoutMs: FETCH_TIMEOUT_MS,
        maxRedirects: MAX_REDIRECTS,
        isAllowedAddress: deps.allowPrivate ? anyAddress : publicOnly,
        ...(deps.resolve && { resolve: deps.resolve }),
      });
      const format = detectFormat(bytes);
      if (!format) {
        rememberFailure(key);
        return NOT_AN_IMAGE;
      }
      const sharp = await loadSharp();
      const webp = await withEncoder(async () => {
        const { input, options } = await sharpInput(bytes, format);
        return sharp(input, options)
          .rotate()
          .resize({ width: REMOTE_MAX_SIDE, height: REMOTE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78, effort: 2 })
          .toBuffer()
          .catch((error: unknown) => {
            // The download worked: what sharp cannot read is a damaged image, not an unreachable address.
            throw isPixelLimit(error) ? new ImageRejectedError(TOO_MANY_PIXELS, 413) : new ImageRejectedError(NOT_AN_IMAGE);
          });
      });
      const data = new Uint8Array(webp);
      await deps.storage.put(key, data);
      return data;
    } catch (error) {
      deps.log.warn({ err: error, url }, 'could not fetch an image given by URL');
      // A busy encoder is this server's state, not the image's: try again on the next visit.
      if (!(error instanceof BusyError)) rememberFailure(key);
      return problemOf(error);
    }
  }

  return {
    pathFor: (url) => `/images/remote/${sign(url)}?u=${encodeURIComponent(url)}`,

    async check(url) {
      const key = `remote${sign(url)}/master.webp`;
      if (await deps.storage.get(key)) return null;
      // Fetched again even if it failed lately: the volunteer may have just fixed it.
      const outcome = await tryFetchAndStore(key, url);
      if (outcome instanceof Uint8Array) failedUntil.delete(key);
      return outcome instanceof Uint8Array ? null : outcome;
    },

    async get(signature, url) {
      const expected = Buffer.from(sign(url));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const key = `remote${signature}/master.webp`;
      const stored = await deps.storage.get(key);
      if (stored) return stored;
      if (recentlyFailed(key)) return null;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchAndStore(key, url).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

const TOO_MANY_PIXELS = `The image at this address has too many pixels (at most ${MEGAPIXELS} megapixels). Upload a smaller copy instead.`;
const NOT_AN_IMAGE = 'The address does not lead to an image (JPEG, PNG, GIF, WebP, AVIF or HEIC). Copy the address of the image itself.';

/** What went wrong with an image URL, for the person who pasted it. */
function problemOf(error: unknown): string {
  if (error instanceof ImageRejectedError) return error.status === 413 ? TOO_MANY_PIXELS : NOT_AN_IMAGE;
  if (error instanceof BusyError) return 'The server is busy and could not check the image now. Please try again in a moment.';
  const message = error instanceof Error ? error.message : '';
  const status = /^answered (\d{3})$/.exec(message)?.[1];
  if (status === '404' || status === '410') return `The address answered ${status}: there is no image there (any more). Check the link.`;
  if (status) return `The address answered ${status} instead of an image. Check the link, or upload the photo instead.`;
  if (message === 'too large')
    return `The image at this address is larger than ${REMOTE_MAX_BYTES / 1024 / 1024} MB. Upload a smaller copy instead.`;
  if (error instanceof DownloadError && /^refusing/.test(message))
    return 'The server does not fetch images from this address (a private or local network).';
  if (error instanceof DownloadError && /has no address/.test(message))
    return 'This address does not exist (its name does not resolve). Check the link.';
  if ((error as { name?: string }).name === 'TimeoutError' || (error as { name?: string }).name === 'AbortError')
    return 'The address did not answer in time. Try again, or upload the photo instead.';
  if (message === 'too many redirects') return 'The address redirects too many times to reach an image.';
  if (error instanceof DownloadError) return `The image could not be fetched (${message}).`;
  return 'The address could not be reached. Check the link, or upload the photo instead.';
}

/**
 * The key a site made before the key was kept in its database, in its data folder: kept, so that
 * the addresses in pages and the copies made stay the same; null when there is none to use.
 */
export function keyFromDataFolder(dataDir: string): Buffer | null {
  try {
    const key = fs.readFileSync(path.join(dataDir, 'remote-images.key'));
    return key.byteLength >= SITE_KEY_BYTES ? key : null;
  } catch {
    return null;
  }
}
