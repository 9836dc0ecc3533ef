import { datedAhead } from '../shared/time.ts';

/** The sign-in rules, kept apart from storage so they read (and test) as plain arithmetic. */

const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
const FIRST_LOCKOUT_MS = 15 * 60_000;
const LONGEST_LOCKOUT_MS = 24 * 60 * 60_000;
/** A lockout older than this no longer makes the next one longer. */
export const LOCKOUT_MEMORY_MS = 24 * 60 * 60_000;

/** Guesses at one username from all addresses together: a slowdown, never a lockout. */
export const USERNAME_GUESSES_PER_MINUTE = 10;
/** Sign-ins from one address (an IPv6 /64) whatever the username: unknown names cost a hash too. */
export const ADDRESS_GUESSES_PER_MINUTE = 20;
const RATE_WINDOW_MS = 60_000;

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
/** lastSeenAt is written at most this often, to spare the database a write per request. */
export const SESSION_TOUCH_MS = 60_000;

/** 15 minutes, then 30, 60, … up to a day, for each lockout in a row. */
export function lockoutDuration(lockoutNumber: number): number {
  return Math.min(FIRST_LOCKOUT_MS * 2 ** Math.max(0, lockoutNumber - 1), LONGEST_LOCKOUT_MS);
}

/** '15 minutes', '2 hours'; with `seconds`, a wait under a minute is '8 seconds'. */
export function describeWait(ms: number, { seconds = false } = {}): string {
  if (seconds && ms <= 59_000) {
    const count = Math.max(1, Math.ceil(ms / 1000));
    return `${count} second${count === 1 ? '' : 's'}`;
  }
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** One counter as stored (times are ISO strings). */
export interface AttemptCounter {
  key: string;
  failures: number;
  windowStartedAt: string;
  lockedUntil: string | null;
  lockouts: number;
  lastLockoutAt: string | null;
}

/**
 * The counter as of `now`, once a clock that ran ahead has been set right: a window started, a
 * lockout begun or one that ends later than any could from now was dated by that clock, and is
 * over. Kept, it locked an administrator out, or kept a rate window shut, for as long as the clock
 * had been ahead (a refusal writes nothing, so nothing else would ever have mended it).
 */
function asOf(counter: AttemptCounter, now: number): AttemptCounter {
  const ahead = (iso: string | null, limit = now) => iso !== null && datedAhead(Date.parse(iso), limit);
  return {
    ...counter,
    ...(ahead(counter.windowStartedAt) && { windowStartedAt: new Date(0).toISOString(), failures: 0 }),
    ...(ahead(counter.lastLockoutAt) && { lastLockoutAt: null, lockouts: 0 }),
    ...(ahead(counter.lockedUntil, now + LONGEST_LOCKOUT_MS) && { lockedUntil: null }),
  };
}

export type Refusal = { reason: 'locked' | 'username' | 'address' | 'code'; waitMs: number };
export type Verdict = { allowed: true; next: AttemptCounter } | { allowed: false; refusal: Refusal };

/**
 * The lockout of one username from one address. A guess is counted before the password is
 * checked, so however many arrive at once, only 5 are ever checked per window: the one that takes
 * the 5th place also starts the lockout (once, so racing requests cannot escalate it), and every
 * later one is refused unchecked. A right password clears the counter.
 */
export function reserveLockoutGuess(stored: AttemptCounter, now: number): Verdict {
  const counter = asOf(stored, now);
  const lockedUntil = counter.lockedUntil ? Date.parse(counter.lockedUntil) : 0;
  if (lockedUntil > now) return { allowed: false, refusal: { reason: 'locked', waitMs: lockedUntil - now } };
  const windowOpen = Date.parse(counter.windowStartedAt) > now - FAILURE_WINDOW_MS;
  const guesses = (windowOpen ? counter.failures : 0) + 1;
  const stamp = new Date(now).toISOString();
  if (guesses < MAX_FAILURES) {
    return { allowed: true, next: { ...counter, failures: guesses, windowStartedAt: windowOpen ? counter.windowStartedAt : stamp } };
  }
  const recent = counter.lastLockoutAt !== null && now - Date.parse(counter.lastLockoutAt) < LOCKOUT_MEMORY_MS;
  const lockouts = recent ? counter.lockouts + 1 : 1;
  return {
    allowed: true,
    next: {
      ...counter,
      failures: 0,
      windowStartedAt: stamp,
      lockouts,
      lastLockoutAt: stamp,
      lockedUntil: new Date(now + lockoutDuration(lockouts)).toISOString(),
    },
  };
}

/** At most `limit` guesses per minute; the next one waits for the minute to end. */
export function reserveRateGuess(stored: AttemptCounter, now: number, limit: number, reason: 'username' | 'address'): Verdict {
  const counter = asOf(stored, now);
  const started = Date.parse(counter.windowStartedAt);
  const windowOpen = started > now - RATE_WINDOW_MS;
  if (windowOpen && counter.failures >= limit) return { allowed: false, refusal: { reason, waitMs: started + RATE_WINDOW_MS - now } };
  return {
    allowed: true,
    next: {
      ...counter,
      failures: (windowOpen ? counter.failures : 0) + 1,
      windowStartedAt: windowOpen ? counter.windowStartedAt : new Date(now).toISOString(),
    },
  };
}

/**
 * Two-step codes tried for one administrator after the right password, from every address
 * together: the same 5 per 15 minutes and growing lockouts as a password, so that someone who
 * has the password cannot try the million codes at the username's 10 a minute.
 */
export const codeKey = (adminId: string) => `code\n${adminId}`;

/** The one counter a sign-in from a known device passes through (docs/decisions/122). */
export const deviceKey = (adminId: string, device: string) => `device\n${adminId}\n${device}`;

/** The three counters one sign-in passes through. */
export const attemptKeys = (username: string, addressGroup: string) => ({
  pair: `pair\n${username}\n${addressGroup}`,
  username: `user\n${username}`,
  address: `addr\n${addressGroup}`,
});

export function refusalMessage(refusal: Refusal): string {
  const wait = describeWait(refusal.waitMs);
  switch (refusal.reason) {
    case 'locked':
      return `Too many failed sign-in attempts. Please try again in ${wait}.`;
    case 'username':
      return `Too many sign-in attempts for this username right now. Please try again in ${wait}.`;
    case 'address':
      return `Too many sign-in attempts from your network right now. Please try again in ${wait}.`;
    case 'code':
      return `Too many wrong codes were entered for this administrator. Please try again in ${wait}. If they were not yours, someone knows your password: change it once you are signed in.`;
  }
}
