import { describe, expect, it } from 'vitest';
import { AbandonedError, BusyError, createLimiter, type Limiter } from './limiter.ts';

/** One task holding the only turn until `release`, and one waiting for it that may give up through `gone`. */
function holdAndWait(limiter: Limiter) {
  let release = () => {};
  const holder = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
  const gone = new AbortController();
  let ran = false;
  const waiter = limiter.run(async () => {
    ran = true;
  }, gone.signal);
  return { release: () => release(), holder, gone, waiter, ran: () => ran };
}

describe('createLimiter', () => {
  it('runs at most `concurrency` tasks at once and refuses past the queue', async () => {
    const limiter = createLimiter(2, 3, 'busy');
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const task = () =>
      new Promise<number>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        gates.push(() => {
          running--;
          resolve(running);
        });
      });
    const accepted = Array.from({ length: 5 }, () => limiter.run(task));
    await expect(limiter.run(task)).rejects.toBeInstanceOf(BusyError);
    expect(limiter.active).toBe(2);
    expect(limiter.waiting).toBe(3);
    while (gates.length > 0 || running > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createLimiter(1, 0, 'busy');
    await expect(
      limiter.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('drops a waiter whose signal aborts: its task never runs and its place in the queue is free again', async () => {
    const limiter = createLimiter(1, 1, 'busy');
    const { release, holder, gone, waiter, ran } = holdAndWait(limiter);
    expect(limiter.waiting).toBe(1);
    await expect(limiter.run(async () => 'no room')).rejects.toBeInstanceOf(BusyError);
    gone.abort();
    await expect(waiter).rejects.toBeInstanceOf(AbandonedError);
    expect(limiter.waiting).toBe(0);
    const next = limiter.run(async () => 'ran');
    release();
    await holder;
    await expect(next).resolves.toBe('ran');
    expect(ran()).toBe(false);
    expect(limiter.active).toBe(0);
  });

  it('does not run a task whose signal aborted after its turn was given, and frees the turn', async () => {
    const limiter = createLimiter(1, 5, 'busy');
    const { release, holder, gone, waiter, ran } = holdAndWait(limiter);
    // The holder's release hands the turn over on the next turn of the event loop; the client
    // leaves in between.
    release();
    await holder;
    gone.abort();
    await expect(waiter).rejects.toBeInstanceOf(AbandonedError);
    expect(ran()).toBe(false);
    expect(limiter.active).toBe(0);
    await expect(limiter.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses at once a task whose signal has already aborted', async () => {
    const limiter = createLimiter(1, 5, 'busy');
    await expect(limiter.run(async () => 'ran', AbortSignal.abort())).rejects.toBeInstanceOf(AbandonedError);
    expect(limiter.active).toBe(0);
  });
});
