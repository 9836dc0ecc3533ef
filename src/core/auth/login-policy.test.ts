import { describe, expect, it } from 'vitest';
import { describeWait, lockoutDuration } from './login-policy.ts';

describe('lockoutDuration', () => {
  it('doubles from 15 minutes with each lockout in a row, up to a day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => lockoutDuration(n) / 60_000)).toEqual([15, 30, 60, 120, 240, 480, 960, 1440]);
  });
});

describe('describeWait', () => {
  it('speaks in minutes, then hours', () => {
    expect(describeWait(1)).toBe('1 minute');
    expect(describeWait(15 * 60_000)).toBe('15 minutes');
    expect(describeWait(61 * 60_000)).toBe('2 hours');
  });
});
