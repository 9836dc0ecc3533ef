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
export const CLIENT_LEFT = 499;

export const clientLeft = () => new Response(null, { status: CLIENT_LEFT });

/**
 * A JSON array written as it is read, one batch of items at a time, for lists that grow for years:
 * memory holds one batch, and a client that reads slowly slows the reading of the database (each
 * batch is read when the stream asks for more). The first batch is read before answering, so a
 * failure there (the database down) still gets its proper error answer.
 */
export async function jsonArray(batches: AsyncIterable<unknown[]>): Promise<Response> {
  const room = roomToWrite();
  const iterator = batches[Symbol.asyncIterator]();
  let next: IteratorResult<unknown[]> | null = await iterator.next();
  let opened = false;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await room();
      // An empty batch (all of it deleted meanwhile) writes nothing: read on until something is.
      for (;;) {
        const batch = next ?? (await iterator.next());
        next = null;
        if (batch.done) {
          controller.enqueue(encoder.encode(opened ? ']' : '[]'));
          controller.close();
          return;
        }
        if (batch.value.length === 0) continue;
        controller.enqueue(encoder.encode(`${opened ? ',' : '['}${batch.value.map((item) => JSON.stringify(item)).join(',')}`));
        opened = true;
        return;
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(stream, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
