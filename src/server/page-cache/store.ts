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
 * Least recently used first out, once the bytes held pass `maxBytes`. A Map keeps insertion
 * order, so a hit is moved to the end by deleting and setting it again.
 */
export function createPageStore(maxBytes: number): PageStore {
  const entries = new Map<string, CachedAnswer>();
  let bytes = 0;
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
  };

  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now >= entry.expiresAt) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, answer, renderedAt) {
      const size = sizeOf(answer);
      if (renderedAt !== generation || size > maxBytes) return false;
      remove(key);
      entries.set(key, answer);
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return true;
    },
    invalidate() {
      generation++;
      entries.clear();
      bytes = 0;
    },
    get generation() {
      return generation;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}
