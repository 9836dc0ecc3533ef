import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

// Astro's Node adapter writes a streamed body as fast as it is produced, without waiting for the
// client (it ignores what write() returns), so a list streamed to a client that reads slowly, or
// not at all, would pile up whole in the server's memory. A stream made inside a request waits
// here for that request's socket instead. Kept in src/core so that the server's entry (which knows
// the answer) and the Astro bundle (which makes the stream) share one instance (decision 026).

const answers = new AsyncLocalStorage<ServerResponse>();

/** Runs `handle` with `res` as the answer of the streams made within it. */
export function answeringWith<T>(res: ServerResponse, handle: () => T): T {
  return answers.run(res, handle);
}

/** What may wait in the server for a client before a stream stops making more. */
const ROOM_BYTES = 256 * 1024;
/** Looks again this often even if no 'drain' came (the socket may be gone quietly). */
const RECHECK_MS = 1_000;

/**
 * For a stream made now: a wait until the client has taken what was sent, so that the next part
 * is made only then. Resolves at once outside a request (development, tests calling handlers).
 */
export function roomToWrite(): () => Promise<void> {
  const res = answers.getStore();
  return async () => {
    while (res && !res.destroyed && res.writableLength > ROOM_BYTES) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          res.socket?.off('drain', done);
          res.off('close', done);
          resolve();
        };
        const timer = setTimeout(done, RECHECK_MS);
        res.socket?.once('drain', done);
        res.once('close', done);
      });
    }
  };
}
