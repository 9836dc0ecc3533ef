import { roomToWrite } from '../../core/shared/answer-room.ts';

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export function errorJson(
  status: number,
  message: string,
  errors?: Record<string, string>,
  headers: Record<string, string> = {},
): Response {
  return json(errors ? { message, errors } : { message }, { status, headers });
}

/**
 * The status of an answer nobody will read: the client hung up while its request waited to be
 * rendered, so it was not (nginx logs the same case as 499). The page cache knows it by this.
 */
/** Said when the server turns work away for a moment: renders past their queue, connections past their cap. */
export const SITE_BUSY = 'The site is very busy at the moment. Please try again in a few seconds.';

export const CLIENT_LEFT = 499;

export const clientLeft = () => new Response(null, { status: CLIENT_LEFT });

/**
 * A body made from `source` only as fast as the client takes it: before each chunk is read from it,
 * the stream waits while the client is behind (answer-room.ts; Astro's adapter would otherwise
 * read the whole source into the server's memory for a slow client). Cancelled (the client left),
 * the source is closed.
 */
export function pacedBody(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const room = roomToWrite();
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await room();
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/**
 * A JSON array written as it is read, one batch of items at a time, for lists that grow for years:
 * memory holds one batch, and the next is read only once the client has taken the last (pacedBody).
 * The first batch is read before answering, so a failure there (the database down) still gets its
 * proper error answer.
 */
export async function jsonArray(batches: AsyncIterable<unknown[]>): Promise<Response> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let opened = false;
    for (let batch = first; !batch.done; batch = await iterator.next()) {
      // An empty batch (all of it deleted meanwhile) writes nothing.
      if (batch.value.length === 0) continue;
      yield encoder.encode(`${opened ? ',' : '['}${batch.value.map((item) => JSON.stringify(item)).join(',')}`);
      opened = true;
    }
    yield encoder.encode(opened ? ']' : '[]');
  }
  return new Response(pacedBody(chunks()), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
