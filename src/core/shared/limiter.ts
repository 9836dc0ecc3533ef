import { DomainError } from './errors.ts';

/** The server has more of some expensive work queued than it takes on; the client may retry shortly. */
export class BusyError extends DomainError {
  override name = 'BusyError';
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds = 5) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Whoever waited gave up (its `signal` aborted: the client left) before its turn came: the task never ran. */
export class AbandonedError extends Error {
  override name = 'AbandonedError';
  constructor() {
    super('gave up before its turn');
  }
}

export interface Limiter {
  /**
   * Runs `task` when a slot is free; throws BusyError at once when the queue is full, and
   * AbandonedError, without running it, if `signal` aborts before the task starts.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/**
 * At most `concurrency` tasks at a time, at most `maxQueue` waiting. Expensive work (password
 * hashing, image encoding) goes through one of these so that a flood of it cannot take the CPU
 * from visitors' pages.
 */
export function createLimiter(concurrency: number, maxQueue: number, busyMessage: string): Limiter {
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    active--;
    const next = queue.shift();
    if (next) {
      active++;
      // On the next turn of the event loop, not in this chain of promises: otherwise a long queue
      // runs task after task without ever letting Node read another request (docs/decisions/030).
      setImmediate(next);
    }
  };

  return {
    async run(task, signal) {
      if (signal?.aborted) throw new AbandonedError();
      if (active >= concurrency) {
        if (queue.length >= maxQueue) throw new BusyError(busyMessage);
        // A waiter that gives up leaves the queue at once, so that its place and its turn go to
        // someone still there: a client that sends requests and hangs up costs no work.
        await new Promise<void>((resolve, reject) => {
          const start = () => {
            signal?.removeEventListener('abort', leave);
            resolve();
          };
          const leave = () => {
            const place = queue.indexOf(start);
            // Not found: its turn was already given; the check below hands it back.
            if (place < 0) return;
            queue.splice(place, 1);
            reject(new AbandonedError());
          };
          queue.push(start);
          signal?.addEventListener('abort', leave, { once: true });
        });
      } else {
        active++;
      }
      try {
        if (signal?.aborted) throw new AbandonedError();
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
