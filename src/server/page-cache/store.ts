import { LRUCache } from 'lru-cache';

// The memory half of the page cache: rendered answers by key, bounded in bytes, with a
// generation that every write bumps (docs/decisions/011-page-cache.md).

export interface CachedAnswer {
  status: number;
  /** The answer's headers as rendered, less those the cache sets per request. */
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Epoch ms after which the answer may be out of date with no write (an event starts, a day ends). */
  expiresAt: number;
}

const OVERHEAD_BYTES = 1_024;

export const sizeOf = (answer: CachedAnswer): number =>
  answer.identity.byteLength + answer.gzip.byteLength + answer.brotli.byteLength + OVERHEAD_BYTES;

export interface PageStore {
  get(key: string, now?: number): CachedAnswer | undefined;
  /** Keeps `answer` unless a write happened since `generation` was read (the render may be stale). */
  set(key: string, answer: CachedAnswer, generation: number): boolean;
  /** Forgets everything: the next request renders anew. */
  invalidate(): void;
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
      if (entry && now >= entry.expiresAt) {
        entries.delete(key);
        return undefined;
      }
      return entry;
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
