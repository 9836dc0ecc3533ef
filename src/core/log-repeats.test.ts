import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRepeatLimit, type RepeatsCounted } from './log-repeats.ts';

afterEach(() => void vi.useRealTimers());

function limit(perSecond = 3) {
  const said: RepeatsCounted[] = [];
  const repeats = createRepeatLimit({ perSecond, exempt: new Set(['request']), say: (counted) => said.push(counted) });
  return { repeats, said };
}

describe('lines with the same message', () => {
  it('are written one by one up to the limit in a second; the rest are counted and said when the second is over', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T10:00:00.000Z') });
    const { repeats, said } = limit();
    const written = Array.from({ length: 11 }, (_, i) => repeats.allow(40, 'the database is unavailable', `request-${i}`));
    expect(written).toEqual([true, true, true, false, false, false, false, false, false, false, false]);
    // Another message has its own count.
    expect(repeats.allow(30, 'client left before its turn; not rendered')).toBe(true);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(999);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(1);
    // With the first counted lines' request ids, five at most, to follow in the request log.
    expect(said).toEqual([
      {
        level: 40,
        message: 'the database is unavailable',
        count: 8,
        since: Date.parse('2026-12-01T10:00:00.000Z'),
        requestIds: ['request-3', 'request-4', 'request-5', 'request-6', 'request-7'],
      },
    ]);
    // A new second: one by one again.
    expect(repeats.allow(40, 'the database is unavailable')).toBe(true);
  });

  it('are said at the highest level counted, once, and what is counted is said at stop', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T10:00:00.500Z') });
    const { repeats, said } = limit(1);
    repeats.allow(30, 'same', 'written');
    repeats.allow(30, 'same');
    repeats.allow(50, 'same', { not: 'text' });
    repeats.flush();
    // A line with no request id (or one that is not text) adds none.
    expect(said).toEqual([{ level: 50, message: 'same', count: 2, since: Date.parse('2026-12-01T10:00:00.500Z'), requestIds: [] }]);
    vi.advanceTimersByTime(2000);
    repeats.flush();
    expect(said).toHaveLength(1);
  });

  it('leaves alone the request log’s lines, lines with no message, and what is said while counting', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T10:00:00.000Z') });
    const said: RepeatsCounted[] = [];
    const repeats = createRepeatLimit({
      perSecond: 1,
      exempt: new Set(['request']),
      say: (counted) => {
        said.push(counted);
        // The count goes through the same logger.
        expect(repeats.allow(counted.level, `said ${counted.count} more times`)).toBe(true);
      },
    });
    for (let i = 0; i < 50; i++) expect(repeats.allow(30, 'request')).toBe(true);
    for (let i = 0; i < 50; i++) expect(repeats.allow(30, undefined)).toBe(true);
    repeats.allow(30, 'x');
    repeats.allow(30, 'x');
    repeats.flush();
    expect(said).toHaveLength(1);
  });

  it('counts at most a thousand messages at once: past that, lines are written', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T10:00:00.000Z') });
    const { repeats } = limit(0);
    for (let i = 0; i < 1000; i++) expect(repeats.allow(30, `message ${i}`)).toBe(false);
    expect(repeats.allow(30, 'one more')).toBe(true);
  });
});
