import { describe, expect, it } from 'vitest';
import { spend, TooManyChangesError, WRITE_BUDGET } from './write-budget.ts';
import type { WriteBudget } from './write-budgets.repository.ts';

const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const HOUR = 60 * 60_000;
/** What the repository hands over for an administrator with no row yet. */
const fresh: WriteBudget = { writes: 0, textBytes: 0, countedAt: new Date(0).toISOString(), pauseNotedAt: null };
const one = { writes: 1, textBytes: 0 };

function spendMany(budget: WriteBudget, count: number, now: number): WriteBudget {
  for (let i = 0; i < count; i++) {
    const spent = spend(budget, one, now);
    if (!spent.allowed) throw new Error(`refused at ${i}`);
    budget = spent.next;
  }
  return budget;
}

describe('the budget of changes', () => {
  it('takes a full hour’s worth at once, then refuses the next without taking anything', () => {
    const drained = spendMany(fresh, WRITE_BUDGET.writes, T0);
    const refused = spend(drained, one, T0);
    expect(refused).toMatchObject({ allowed: false, pauseBegins: true, waitMs: HOUR / WRITE_BUDGET.writes });
    expect(refused.next.writes).toBe(0);
    expect(refused.next.pauseNotedAt).toBe(new Date(T0).toISOString());
    // Refused again: the pause has begun already, so the log says it once.
    const again = spend(refused.next, one, T0 + 1000);
    expect(again).toMatchObject({ allowed: false, pauseBegins: false });
    expect(again.next.pauseNotedAt).toBe(new Date(T0).toISOString());
  });

  it('refills evenly: a change every 3.6 seconds once drained, and says it is paused once an hour at most', () => {
    const drained = spendMany(fresh, WRITE_BUDGET.writes, T0);
    const paused = spend(drained, one, T0).next;
    expect(spend(paused, one, T0 + 3_599).allowed).toBe(false);
    const taken = spend(paused, one, T0 + 3_600);
    expect(taken.allowed).toBe(true);
    expect(taken.next.writes).toBeCloseTo(0, 9);
    // A script held at the limit: refused again at once, and not said again within the hour.
    expect(spend(taken.next, one, T0 + 3_601)).toMatchObject({ allowed: false, pauseBegins: false });
    const hourOn = spendMany(taken.next, 1, T0 + HOUR - 1);
    expect(spend({ ...hourOn, writes: 0 }, one, T0 + HOUR - 1)).toMatchObject({ allowed: false, pauseBegins: false });
    expect(spend({ ...hourOn, writes: 0 }, one, T0 + HOUR)).toMatchObject({ allowed: false, pauseBegins: true });
    // A full budget after an hour, never more.
    expect(spend(drained, one, T0 + 5 * HOUR).next.writes).toBe(WRITE_BUDGET.writes - 1);
  });

  it('counts the bytes of text sent, and says how long until a body that size fits', () => {
    const megabyte = 1024 * 1024;
    let budget = fresh;
    for (let i = 0; i < 20; i++) {
      const spent = spend(budget, { writes: 1, textBytes: megabyte }, T0);
      expect(spent.allowed).toBe(true);
      budget = spent.next;
    }
    const refused = spend(budget, { writes: 1, textBytes: megabyte }, T0);
    expect(refused).toMatchObject({ allowed: false, waitMs: HOUR / 20 });
    // A small save still fits the writes, not the text: nothing is left at all.
    expect(spend(budget, { writes: 1, textBytes: 10 }, T0).allowed).toBe(false);
    expect(spend(budget, { writes: 1, textBytes: 0 }, T0).allowed).toBe(true);
  });

  it('takes a clock that went back as no time passed, never as a budget below what was left', () => {
    const half = spendMany(fresh, WRITE_BUDGET.writes / 2, T0);
    // An hour back: counted on from the later time.
    const stepped = spend(half, one, T0 - HOUR);
    expect(stepped.allowed).toBe(true);
    expect(stepped.next.writes).toBe(WRITE_BUDGET.writes / 2 - 1);
    expect(stepped.next.countedAt).toBe(new Date(T0).toISOString());
    // A day back: a clock that ran ahead and was set right (138), counted from now.
    const earlier = spend(half, one, T0 - 24 * HOUR);
    expect(earlier.allowed).toBe(true);
    expect(earlier.next.writes).toBe(WRITE_BUDGET.writes / 2 - 1);
    expect(earlier.next.countedAt).toBe(new Date(T0 - 24 * HOUR).toISOString());
  });

  it('refills a budget drained while the clock ran a year ahead within the hour, not the year (138)', () => {
    const drained = spendMany(fresh, WRITE_BUDGET.writes, T0 + 365 * 24 * HOUR);
    const pausedAhead = spend(drained, one, T0 + 365 * 24 * HOUR);
    expect(pausedAhead).toMatchObject({ allowed: false, pauseBegins: true });
    const refused = spend(pausedAhead.next, one, T0);
    expect(refused.allowed).toBe(false);
    // The refusal's budget is the one kept, counted from now, and says the account is paused.
    expect(refused).toMatchObject({ pauseBegins: true, next: { countedAt: new Date(T0).toISOString() } });
    expect(spend(refused.next, one, T0 + HOUR).allowed).toBe(true);
  });
});

describe('the answer to a paused account', () => {
  it('says how long in seconds or minutes, and what to do if it was not them', () => {
    const short = new TooManyChangesError(3_600, true);
    expect(short.message).toBe(
      'This account has made more changes in the last hour than a person would, so the site is not taking its changes for 4 seconds. ' +
        'If that was not you, change your password now: that signs out everyone else using it.',
    );
    expect(short.retryAfterSeconds).toBe(4);
    expect(new TooManyChangesError(180_000, false).message).toContain('for 3 minutes.');
  });
});
