/** The sign-in rules, kept apart from storage so they read (and test) as plain arithmetic. */

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
const FIRST_LOCKOUT_MS = 15 * 60_000;
const LONGEST_LOCKOUT_MS = 24 * 60 * 60_000;
/** A lockout older than this no longer makes the next one longer. */
export const LOCKOUT_MEMORY_MS = 24 * 60 * 60_000;

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
/** lastSeenAt is written at most this often, to spare the database a write per request. */
export const SESSION_TOUCH_MS = 60_000;

/** 15 minutes, then 30, 60, … up to a day, for each lockout in a row. */
export function lockoutDuration(lockoutNumber: number): number {
  return Math.min(FIRST_LOCKOUT_MS * 2 ** Math.max(0, lockoutNumber - 1), LONGEST_LOCKOUT_MS);
}

export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}
