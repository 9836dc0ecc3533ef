/**
 * A lookup by keys whose calls made while a page's data loads are answered by one call: the
 * home page asked for its events', news', photos' and banner's images in four queries, each as
 * dear as the list it followed. Calls join the batch until the event loop turns (`setImmediate`),
 * so lists read from SQLite in one go share it; with PostgreSQL, where each list answers on its
 * own network event, a call may start a batch of its own, which is only slower. Each caller gets
 * the whole answer and picks its own keys. One batcher serves one request: no answer is shared
 * between visitors.
 */
export function batchedLookup<V>(lookup: (keys: string[]) => Promise<Map<string, V>>) {
  let pending: { keys: Set<string>; answer: Promise<Map<string, V>> } | null = null;
  return (keys: (string | null | undefined)[]): Promise<Map<string, V>> => {
    if (!pending) {
      const batch: { keys: Set<string>; answer: Promise<Map<string, V>> } = {
        keys: new Set(),
        answer: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          pending = null;
          return lookup([...batch.keys]);
        }),
      };
      pending = batch;
    }
    for (const key of keys) if (key) pending.keys.add(key);
    return pending.answer;
  };
}
