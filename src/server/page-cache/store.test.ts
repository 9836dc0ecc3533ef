import { describe, expect, it } from 'vitest';
import { type CachedAnswer, createPageStore, sizeOf, STALE_LIMIT_MS } from './store.ts';

const answer = (bytes: number, expiresAt = Number.MAX_SAFE_INTEGER, renderedAt = 0): CachedAnswer => ({
  status: 200,
  headers: {},
  etag: 'W/"x"',
  identity: Buffer.alloc(bytes),
  gzip: Buffer.alloc(0),
  brotli: Buffer.alloc(0),
  expiresAt,
  renderedAt,
  retryAt: 0,
});

describe('page store', () => {
  it('never holds more bytes than its cap, dropping the least recently used first', () => {
    const one = sizeOf(answer(10_000));
    const store = createPageStore(one * 3);
    for (const key of ['a', 'b', 'c']) store.set(key, answer(10_000), store.generation);
    store.get('a');
    store.set('d', answer(10_000), store.generation);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(one * 3);
    for (let i = 0; i < 10_000; i++) store.set(`random-${i}`, answer(10_000), store.generation);
    expect(store.bytes).toBeLessThanOrEqual(one * 3);
    expect(store.size).toBe(3);
    expect(store.set('huge', answer(one * 4), store.generation)).toBe(false);
  });

  it('keeps nothing rendered before a write, and nothing past its expiry', () => {
    const store = createPageStore(1_000_000);
    const before = store.generation;
    store.set('a', answer(10), before);
    store.invalidate();
    expect(store.get('a')).toBeUndefined();
    expect(store.set('a', answer(10), before)).toBe(false);
    expect(store.set('b', answer(10, 1_000), store.generation)).toBe(true);
    expect(store.get('b', 999)).toBeDefined();
    expect(store.get('b', 1_000)).toBeUndefined();
    store.invalidate();
    expect(store.getStale('a')).toBeUndefined();
    expect(store.getStale('b', 1_000)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('keeps an answer past its expiry to fall back on, for a day at most, until a write', () => {
    const store = createPageStore(1_000_000);
    const renderedAt = 1_000_000;
    store.set('a', answer(10, renderedAt + 60_000, renderedAt), store.generation);
    store.set('b', answer(10, Number.MAX_SAFE_INTEGER, renderedAt), store.generation);
    const later = renderedAt + 120_000;
    expect(store.get('a', later)).toBeUndefined();
    expect(store.getStale('a', later)?.renderedAt).toBe(renderedAt);
    expect(store.getStale('a', renderedAt + STALE_LIMIT_MS - 1)).toBeDefined();
    expect(store.getStale('a', renderedAt + STALE_LIMIT_MS)).toBeUndefined();
    // Expired all at once (writes may be missed): rendered anew, kept meanwhile.
    expect(store.get('b', later)).toBeDefined();
    const before = store.generation;
    store.expireAll();
    expect(store.get('b', later)).toBeUndefined();
    expect(store.getStale('b', later)).toBeDefined();
    // A render begun before is not kept as fresh either: it may predate the write that was missed.
    expect(store.set('c', answer(10, Number.MAX_SAFE_INTEGER, later), before)).toBe(false);
    expect(store.set('c', answer(10, Number.MAX_SAFE_INTEGER, later), store.generation)).toBe(true);
    store.invalidate();
    expect(store.getStale('a', later)).toBeUndefined();
    expect(store.getStale('b', later)).toBeUndefined();
  });
});
