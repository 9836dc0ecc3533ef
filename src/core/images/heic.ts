import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// HEIC (HEIF with HEVC inside) is how iPhones and many Android phones keep photos. iOS turns it
// into JPEG when a photo is picked in a web page, but a file AirDropped to a Mac, downloaded from
// iCloud or Google Photos, or chosen on Android stays HEIC, and the volunteer sees a photo, not a
// format. libvips as sharp ships it reads no HEVC (patents), so libheif compiled to WebAssembly
// (heic-decode) reads it, in a process of its own per photo (heic-child): WebAssembly's memory
// never shrinks, and a 12-megapixel photo takes about 280 MB at its peak (docs/decisions/080).

/** Beside this file: .ts in src/, .js compiled in dist-node/. */
const CHILD = fileURLToPath(new URL(`./heic-child${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
const TIMEOUT_MS = 60_000;

const BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

/** A HEIC file by its first bytes: an ISO box 'ftyp' naming an HEVC brand, as major or compatible brand. */
export function isHeic(bytes: Uint8Array): boolean {
  const text = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length < 16 || text(4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), 64);
  // Major brand at 8; the minor version at 12 is a number, not a brand; compatible brands follow.
  const brands = [text(8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(text(at, at + 4));
  return brands.some((brand) => BRANDS.has(brand));
}

/**
 * Why a HEIC photo gave no pixels: the photo's fault (too many pixels, unreadable), or the
 * server's: its reader was stopped from outside (the kernel's out-of-memory killer on a small
 * host, or the time limit), which says nothing about the photo.
 */
export class HeicError extends Error {
  override name = 'HeicError';
  readonly reason: 'too-many-pixels' | 'unreadable' | 'stopped';
  constructor(reason: 'too-many-pixels' | 'unreadable' | 'stopped', detail = '') {
    super(detail ? `${reason}: ${detail}` : reason);
    this.reason = reason;
  }
}

/** The photo's pixels as RGBA, at most MAX_IMAGE_SIDE on its longer side, already turned upright. */
export function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<{ width: number; height: number; pixels: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, String(maxPixels)], { stdio: ['pipe', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    const chunks: Buffer[] = [];
    let failure = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      failure = `${failure}${String(chunk)}`.slice(-500);
    });
    // It may stop reading (a file it refuses early): its answer comes by its exit code.
    child.stdin.on('error', () => {});
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) return reject(new HeicError('stopped', signal));
      if (code === 3) return reject(new HeicError('too-many-pixels'));
      const out = Buffer.concat(chunks);
      if (code !== 0 || out.length < 8) return reject(new HeicError('unreadable', failure.trim()));
      const width = out.readUInt32BE(0);
      const height = out.readUInt32BE(4);
      const pixels = out.subarray(8);
      if (pixels.length !== width * height * 4) return reject(new HeicError('unreadable'));
      resolve({ width, height, pixels });
    });
    child.stdin.end(bytes);
  });
}
