import { LRUCache } from 'lru-cache';
import { DAY_MS } from '../../core/shared/time.ts';

// The memory half of the page cache: rendered answers by key, bounded in bytes, with a
// generation that every write bumps (docs/decisions/011-page-cache.md). An answer past its expiry
// stays until a write or the byte cap removes it: the page as it last was, for when rendering it
// anew fails (docs/decisions/121-pages-kept-through-a-database-outage.md).

/** How old a page may be and still be answered when rendering it anew fails. */
export const STALE_LIMIT_MS = DAY_MS;

export interface CachedAnswer {
  status: number;
  /** The answer's headers as rendered, less those the cache sets per request. */
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  /** null for a photo, which is sent as it is (its format is compressed already). */
  gzip: Buffer | null;
  brotli: Buffer | null;
  /** Epoch ms after which the answer may be out of date with no write (an event starts, a day ends). */
  expiresAt: number;
  /** Epoch ms when it was rendered. */
  renderedAt: number;
  /** Epoch ms before which, once a render of it failed, it stands in for the page without another try. */
  retryAt: number;
}

const OVERHEAD_BYTES = 1_024;

export const sizeOf = (answer: CachedAnswer): number =>
  answer.identity.byteLength + (answer.gzip?.byteLength ?? 0) + (answer.brotli?.byteLength ?? 0) + OVERHEAD_BYTES;

export interface PageStore {
  get(key: string, now?: number): CachedAnswer | undefined;
  /** The answer as it last was, expired or not, if no write came since and it is younger than STALE_LIMIT_MS. */
  getStale(key: string, now?: number): CachedAnswer | undefined;
  /** Keeps `answer` unless a write happened since `generation` was read (the render may be stale). */
  set(key: string, answer: CachedAnswer, generation: number): boolean;
  /** Forgets everything: the next request renders anew. */
  invalidate(): void;
  /**
   * Every answer held is rendered anew at its next request, and kept meanwhile for when that fails;
   * a render begun before is not kept (as after a write).
   */
  expireAll(): void;
  readonly generation: number;
  readonly bytes: number;
  readonly size: number;
}

/**
 * Least recently used first out once the bytes held pass `maxBytes` (lru-cache). Expiry is
 * checked here against `Date.now()`, the clock the pages are rendered with; lru-cache's own TTL
 * keeps another clock.
 */
export function createPageStore(maxBytes: number): PageStore {
  const entries = new LRUCache<string, CachedAnswer>({ maxSize: Math.max(1, maxBytes), sizeCalculation: sizeOf });
  let generation = 0;

  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      return entry && now < entry.expiresAt ? entry : undefined;
    },
    getStale(key, now = Date.now()) {
      const entry = entries.get(key);
      return entry && now - entry.renderedAt < STALE_LIMIT_MS ? entry : undefined;
    },
    set(key, answer, renderedAt) {
      if (renderedAt !== generation || sizeOf(answer) > maxBytes) return false;
      entries.set(key, answer);
      return true;
    },
    invalidate() {
      generation++;
      entries.clear();
    },
    expireAll() {
      generation++;
      for (const entry of entries.values()) entry.expiresAt = 0;
    },
    get generation() {
      return generation;
    },
    get bytes() {
      return entries.calculatedSize;
    },
    get size() {
      return entries.size;
    },
  };
}
