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

export interface Limiter {
  /** Runs `task` when a slot is free; throws BusyError at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
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
    async run(task) {
      if (active >= concurrency) {
        if (queue.length >= maxQueue) throw new BusyError(busyMessage);
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active++;
      }
      try {
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
