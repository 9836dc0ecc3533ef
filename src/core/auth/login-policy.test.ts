import { describe, expect, it } from 'vitest';
import {
  type AttemptCounter,
  describeWait,
  lockoutDuration,
  refusalMessage,
  reserveLockoutGuess,
  reserveRateGuess,
} from './login-policy.ts';

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

describe('reserveLockoutGuess', () => {
  const empty = { key: 'k', failures: 0, windowStartedAt: new Date(0).toISOString(), lockedUntil: null, lockouts: 0, lastLockoutAt: null };
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('lets 5 guesses through, starts the lockout with the 5th, and refuses the rest unchecked', () => {
    let counter: AttemptCounter = empty;
    for (let guess = 1; guess <= 5; guess++) {
      const verdict = reserveLockoutGuess(counter, now);
      if (!verdict.allowed) throw new Error(`guess ${guess} refused`);
      counter = verdict.next;
    }
    expect(counter.lockouts).toBe(1);
    expect(Date.parse(counter.lockedUntil!) - now).toBe(15 * 60_000);
    for (let later = 0; later < 100; later++) {
      const verdict = reserveLockoutGuess(counter, now + later);
      expect(verdict.allowed).toBe(false);
    }
    // Refusals write nothing, so the lockout is not escalated by them.
    expect(counter.lockouts).toBe(1);
  });

  it('escalates once per lockout in a row, and forgets after a day', () => {
    const expired = {
      ...empty,
      lockouts: 1,
      lastLockoutAt: new Date(now - 60 * 60_000).toISOString(),
      lockedUntil: new Date(now - 1).toISOString(),
    };
    let counter: AttemptCounter = expired;
    for (let guess = 1; guess <= 5; guess++) counter = (reserveLockoutGuess(counter, now) as { next: AttemptCounter }).next;
    expect(counter.lockouts).toBe(2);
    expect(Date.parse(counter.lockedUntil!) - now).toBe(30 * 60_000);
    const longAgo = { ...expired, lastLockoutAt: new Date(now - 25 * 60 * 60_000).toISOString() };
    counter = longAgo;
    for (let guess = 1; guess <= 5; guess++) counter = (reserveLockoutGuess(counter, now) as { next: AttemptCounter }).next;
    expect(counter.lockouts).toBe(1);
  });

  it('starts a new window after 15 minutes', () => {
    const old = { ...empty, failures: 4, windowStartedAt: new Date(now - 16 * 60_000).toISOString() };
    const verdict = reserveLockoutGuess(old, now);
    expect(verdict.allowed && verdict.next.failures).toBe(1);
  });
});

describe('a clock that ran ahead and was set right (138)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const year = 365 * 86_400_000;
  const ahead = new Date(now + year).toISOString();

  it('takes a lockout that ends later than any could for one dated by the wrong clock: over', () => {
    const locked = {
      key: 'k',
      failures: 0,
      windowStartedAt: ahead,
      lockedUntil: new Date(now + year + 15 * 60_000).toISOString(),
      lockouts: 3,
      lastLockoutAt: ahead,
    };
    const verdict = reserveLockoutGuess(locked, now);
    expect(verdict).toEqual({
      allowed: true,
      next: { key: 'k', failures: 1, windowStartedAt: new Date(now).toISOString(), lockedUntil: null, lockouts: 0, lastLockoutAt: null },
    });
    // A real lockout of a day is kept.
    const day = { ...locked, lockedUntil: new Date(now + 24 * 60 * 60_000).toISOString() };
    expect(reserveLockoutGuess(day, now).allowed).toBe(false);
  });

  it('takes a rate window started ahead as over', () => {
    const counter = { key: 'k', failures: 10, windowStartedAt: ahead, lockedUntil: null, lockouts: 0, lastLockoutAt: null };
    const verdict = reserveRateGuess(counter, now, 10, 'address');
    expect(verdict).toEqual({ allowed: true, next: { ...counter, failures: 1, windowStartedAt: new Date(now).toISOString() } });
  });

  it('takes a clock stepped back within two hours as it is', () => {
    const counter = {
      key: 'k',
      failures: 10,
      windowStartedAt: new Date(now + 60 * 60_000).toISOString(),
      lockedUntil: null,
      lockouts: 0,
      lastLockoutAt: null,
    };
    expect(reserveRateGuess(counter, now, 10, 'address')).toEqual({ allowed: false, refusal: { reason: 'address', waitMs: 61 * 60_000 } });
  });
});

describe('reserveRateGuess', () => {
  const empty = { key: 'k', failures: 0, windowStartedAt: new Date(0).toISOString(), lockedUntil: null, lockouts: 0, lastLockoutAt: null };
  const now = Date.parse('2026-11-22T12:00:00Z');

  it('allows `limit` guesses a minute and says how long to wait', () => {
    let counter: AttemptCounter = empty;
    for (let guess = 0; guess < 10; guess++)
      counter = (reserveRateGuess(counter, now + guess * 1000, 10, 'username') as { next: AttemptCounter }).next;
    const refused = reserveRateGuess(counter, now + 20_000, 10, 'username');
    expect(refused).toEqual({ allowed: false, refusal: { reason: 'username', waitMs: 40_000 } });
    expect(reserveRateGuess(counter, now + 60_001, 10, 'username').allowed).toBe(true);
    expect(refusalMessage({ reason: 'username', waitMs: 40_000 })).toBe(
      'Too many sign-in attempts for this username right now. Please try again in 1 minute.',
    );
  });
});
