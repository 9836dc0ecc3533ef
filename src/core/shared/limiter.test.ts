import { describe, expect, it } from 'vitest';
import { BusyError, createLimiter } from './limiter.ts';

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
});
