import { describe, expect, it, vi } from 'vitest';
import { startBookingPageChecks } from './booking-page-checks.ts';

const log = { info: vi.fn(), warn: vi.fn() } as never;

describe('booking pages asked again', () => {
  it('clears the pages that show them only when what one says changed, at start and each day, one round at a time', async () => {
    vi.useFakeTimers();
    try {
      const answers = [0, 2];
      let finish: (count: number) => void = () => {};
      const recheck = vi.fn(() => {
        const next = answers.shift();
        return next === undefined ? new Promise<number>((resolve) => (finish = resolve)) : Promise.resolve(next);
      });
      const changed = vi.fn();
      const stop = startBookingPageChecks({ recheck, changed, log }, 1000);
      await vi.advanceTimersByTimeAsync(0);
      expect([recheck.mock.calls.length, changed.mock.calls.length]).toEqual([1, 0]);
      await vi.advanceTimersByTimeAsync(1000);
      expect([recheck.mock.calls.length, changed.mock.calls.length]).toEqual([2, 1]);
      // A round that has not ended (a slow page) is not started again beside itself.
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(1000);
      expect(recheck.mock.calls.length).toBe(3);
      finish(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(changed.mock.calls.length).toBe(2);
      stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(recheck.mock.calls.length).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the pages when a round broke off (the database went mid-round), and asks again the next day', async () => {
    vi.useFakeTimers();
    try {
      const warn = vi.fn();
      const recheck = vi.fn().mockRejectedValueOnce(new Error('Connection terminated unexpectedly')).mockResolvedValue(0);
      const changed = vi.fn();
      const stop = startBookingPageChecks({ recheck, changed, log: { info: vi.fn(), warn } as never }, 1000);
      await vi.advanceTimersByTimeAsync(0);
      expect([recheck.mock.calls.length, changed.mock.calls.length, warn.mock.calls.length]).toEqual([1, 1, 1]);
      await vi.advanceTimersByTimeAsync(1000);
      expect([recheck.mock.calls.length, changed.mock.calls.length, warn.mock.calls.length]).toEqual([2, 1, 1]);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
