import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import type { Logger } from '../logger.ts';
import { detectFormat, MAX_INPUT_PIXELS } from './pipeline.ts';
import type { ImageStorage } from './storage.ts';

// An administrator may give an image as a URL on another site. A public page never makes the
// visitor's browser fetch it: the page links to /images/remote/{signature}?u={url}, and this
// server fetches the image once, re-encodes it without metadata and keeps it. Only URLs the
// server itself signed are fetched, so the route is no open proxy (docs/decisions/009).

export const REMOTE_MAX_BYTES = 10 * 1024 * 1024;
const REMOTE_MAX_SIDE = 1600;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export interface RemoteImages {
  /** The same-origin path a page uses for an external image URL. */
  pathFor(url: string): string;
  /** The image as WebP, fetched on first use; null for a bad signature or an unusable image. */
  get(signature: string, url: string): Promise<Uint8Array | null>;
}

export function createRemoteImages(deps: { storage: ImageStorage; dataDir: string; allowPrivate: boolean; log: Logger }): RemoteImages {
  const secret = loadSecret(deps.dataDir);
  const sign = (url: string) => createHmac('sha256', secret).update(url).digest('hex').slice(0, 40);
  const inFlight = new Map<string, Promise<Uint8Array | null>>();

  async function fetchAndStore(key: string, url: string): Promise<Uint8Array | null> {
    try {
      const bytes = await download(url, deps.allowPrivate);
      if (!detectFormat(bytes)) return null;
      const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize({ width: REMOTE_MAX_SIDE, height: REMOTE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78, effort: 2 })
        .toBuffer();
      const data = new Uint8Array(webp);
      await deps.storage.put(key, data);
      return data;
    } catch (error) {
      deps.log.warn({ err: error, url }, 'could not fetch an image given by URL');
      return null;
    }
  }

  return {
    pathFor: (url) => `/images/remote/${sign(url)}?u=${encodeURIComponent(url)}`,

    async get(signature, url) {
      const expected = Buffer.from(sign(url));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const key = `remote${signature}/master.webp`;
      const stored = await deps.storage.get(key);
      if (stored) return stored;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchAndStore(key, url).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}

/** A random key kept in the data folder, made on first start. */
function loadSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'remote-images.key');
  try {
    return fs.readFileSync(file);
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32);
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return fs.readFileSync(file); // another process made it first
    }
  }
}

/** Follows at most 3 redirects, checking every address; refuses private ones unless allowed. */
async function download(start: string, allowPrivate: boolean): Promise<Uint8Array> {
  let url = new URL(start);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not an http(s) URL');
    if (!allowPrivate) await assertPublicHost(url.hostname);
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'image/*' } });
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > REMOTE_MAX_BYTES) throw new Error('too large');
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > REMOTE_MAX_BYTES) throw new Error('too large');
      chunks.push(chunk);
    }
    return new Uint8Array(Buffer.concat(chunks));
  }
  throw new Error('too many redirects');
}

async function assertPublicHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  for (const { address } of addresses) {
    if (isPrivateAddress(address)) throw new Error(`refusing private address ${address}`);
  }
}

/** Loopback, private, link-local, carrier-grade NAT, unspecified and unique-local addresses. */
export function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  const lower = address.toLowerCase();
  return lower === '::' || lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}
