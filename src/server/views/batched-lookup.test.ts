import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

function counted() {
  const calls: string[][] = [];
  const lookup = batchedLookup(async (keys: string[]) => {
    calls.push(keys);
    return new Map(keys.map((key) => [key, key.toUpperCase()]));
  });
  return { calls, lookup };
}

describe('batchedLookup', () => {
  it('answers the calls made while data loads with one lookup of every key, once each', async () => {
    const { calls, lookup } = counted();
    const first = lookup(['a', null, 'b']);
    // Later in the same turn of the event loop, after other promises have settled.
    const second = Promise.resolve().then(() => lookup(['b', 'c', undefined]));
    const [one, two] = await Promise.all([first, second]);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(one.get('a')).toBe('A');
    expect(two.get('c')).toBe('C');
  });

  it('starts a new lookup for a call made after the batch has gone', async () => {
    const { calls, lookup } = counted();
    await lookup(['a']);
    expect((await lookup(['b'])).get('b')).toBe('B');
    expect(calls).toEqual([['a'], ['b']]);
  });

  it('passes a failed lookup to every caller of its batch', async () => {
    const lookup = batchedLookup<string>(() => Promise.reject(new Error('database unreachable')));
    const results = await Promise.allSettled([lookup(['a']), lookup(['b'])]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
