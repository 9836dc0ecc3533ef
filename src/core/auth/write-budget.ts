import type { Db } from '../db/connect.ts';
import { DomainError } from '../shared/errors.ts';
import { datedAhead, notAhead } from '../shared/time.ts';
import { describeWait } from './login-policy.ts';
import { createWriteBudgetsRepository, type WriteBudget } from './write-budgets.repository.ts';

// docs/decisions/059: how much one administrator may change. A person saving, deleting and
// uploading, even a hundred photos from sports day, stays well inside it; a script with a stolen
// session or password meets it within a minute, and then gets a change every few seconds and a
// few kilobytes of text a second: too slow to fill the disk or to keep the page cache cold, and
// slow enough for the committee to notice (the log says it was paused) and change the password.

/** A full budget, and what refills in an hour: requests that change something, and bytes of text sent. */
export const WRITE_BUDGET = { writes: 1_000, textBytes: 20 * 1024 * 1024 } as const;
const REFILL_MS = 60 * 60_000;

/** What one request costs: one change, and the bytes of its JSON body (photos are kept in check by the disk: 057). */
export interface WriteCost {
  writes: number;
  textBytes: number;
}

export type Spent = { allowed: true; next: WriteBudget } | { allowed: false; next: WriteBudget; waitMs: number; pauseBegins: boolean };

/** The budget at `now`: what was left, plus what has refilled since, never above a full one. */
function refilled(budget: WriteBudget, now: number): WriteBudget {
  // Counted while the clock ran ahead: from now, or nothing would refill for as long as it had been (138).
  const countedAt = notAhead(Date.parse(budget.countedAt), now);
  const elapsed = Math.max(0, now - countedAt);
  const refill = (left: number, full: number) => Math.min(full, left + (full * elapsed) / REFILL_MS);
  return {
    writes: refill(budget.writes, WRITE_BUDGET.writes),
    textBytes: refill(budget.textBytes, WRITE_BUDGET.textBytes),
    countedAt: new Date(Math.max(now, countedAt)).toISOString(),
    pauseNotedAt: budget.pauseNotedAt,
  };
}

/**
 * Takes one request's cost from the budget, or refuses it whole: a refused request costs nothing,
 * so a paused script gets the next change as soon as one has refilled, never later. A refusal
 * says the account is paused (`pauseBegins`) once an hour at most, however many are refused at
 * once: a script held at the limit all day writes 24 lines, not one every few seconds.
 */
export function spend(budget: WriteBudget, cost: WriteCost, now: number): Spent {
  const left = refilled(budget, now);
  const short = (key: keyof WriteCost) => Math.max(0, cost[key] - left[key]) / WRITE_BUDGET[key];
  const waitMs = Math.ceil(Math.max(short('writes'), short('textBytes')) * REFILL_MS);
  if (waitMs === 0)
    return { allowed: true, next: { ...left, writes: left.writes - cost.writes, textBytes: left.textBytes - cost.textBytes } };
  // A note dated by a clock that ran ahead (138) is no note.
  const notedAt = left.pauseNotedAt === null ? null : Date.parse(left.pauseNotedAt);
  const pauseBegins = notedAt === null || datedAhead(notedAt, now) || now - notedAt >= REFILL_MS;
  return {
    allowed: false,
    next: { ...left, pauseNotedAt: pauseBegins ? new Date(now).toISOString() : left.pauseNotedAt },
    waitMs,
    pauseBegins,
  };
}

export class TooManyChangesError extends DomainError {
  override name = 'TooManyChangesError';
  readonly retryAfterSeconds: number;
  /** The refusal that writes 'was paused' in the activity log: the first of the hour. */
  readonly pauseBegins: boolean;
  constructor(waitMs: number, pauseBegins: boolean) {
    super(
      `This account has made more changes in the last hour than a person would, so the site is not taking its changes for ${describeWait(waitMs, { seconds: true })}. ` +
        'If that was not you, change your password now: that signs out everyone else using it.',
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    this.pauseBegins = pauseBegins;
  }
}

export function createWriteBudget(db: Db) {
  const budgets = createWriteBudgetsRepository(db);
  return {
    /** Takes `cost` from the administrator's budget, or throws TooManyChangesError; racing requests each see what the last one left. */
    async spend(adminId: string, cost: WriteCost, now = Date.now()): Promise<void> {
      const spent = await budgets.update(adminId, (budget) => spend(budget, cost, now));
      if (!spent.allowed) throw new TooManyChangesError(spent.waitMs, spent.pauseBegins);
    },

    /** Forgets budgets that are full again by now: the hourly housekeeping's. */
    prune: (now = Date.now()) => budgets.deleteCountedBefore(new Date(now - REFILL_MS).toISOString()),
  };
}
