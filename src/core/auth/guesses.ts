import type { Db } from '../db/connect.ts';
import { addressGroup } from '../shared/addresses.ts';
import { DomainError } from '../shared/errors.ts';
import { createLoginAttemptsRepository } from './login-attempts.repository.ts';
import {
  ADDRESS_GUESSES_PER_MINUTE,
  attemptKeys,
  type AttemptCounter,
  codeKey,
  deviceKey,
  refusalMessage,
  type Refusal,
  reserveLockoutGuess,
  reserveRateGuess,
  USERNAME_GUESSES_PER_MINUTE,
} from './login-policy.ts';

export class LockedOutError extends DomainError {
  override name = 'LockedOutError';
  readonly retryAfterSeconds: number;
  constructor(refusal: Refusal) {
    super(refusalMessage(refusal));
    this.retryAfterSeconds = Math.max(1, Math.ceil(refusal.waitMs / 1000));
  }
}

/**
 * Every password check (sign-in, and the current password when changing it) first reserves a
 * guess here: per username and address (the lockout), per username across addresses and per
 * address across usernames (rate limits). Refused guesses are never checked and count nothing.
 */
export function createGuessCounter(db: Db) {
  const attempts = createLoginAttemptsRepository(db);

  /** One lockout counter alone (5 per 15 minutes, then growing): counted, or LockedOutError. `succeeded` clears it. */
  async function reserveLockout(key: string, reason: 'locked' | 'code', now: number): Promise<{ succeeded(): Promise<void> }> {
    const refusal = await attempts.update([key], (counters) => {
      const verdict = reserveLockoutGuess(counters.get(key) as AttemptCounter, now);
      return verdict.allowed ? { write: [verdict.next], result: null } : { write: [], result: { reason, waitMs: verdict.refusal.waitMs } };
    });
    if (refusal) throw new LockedOutError(refusal);
    return { succeeded: () => attempts.clear(key) };
  }

  return {
    /** Counts one guess or throws LockedOutError; `succeeded` clears the lockout counter. */
    async reserve(username: string, clientAddress: string, now = Date.now()): Promise<{ succeeded(): Promise<void> }> {
      const keys = attemptKeys(username, addressGroup(clientAddress));
      const refusal = await attempts.update([keys.pair, keys.username, keys.address], (counters) => {
        const get = (key: string) => counters.get(key) as AttemptCounter;
        const verdicts = [
          reserveLockoutGuess(get(keys.pair), now),
          reserveRateGuess(get(keys.username), now, USERNAME_GUESSES_PER_MINUTE, 'username'),
          reserveRateGuess(get(keys.address), now, ADDRESS_GUESSES_PER_MINUTE, 'address'),
        ];
        const write: AttemptCounter[] = [];
        for (const verdict of verdicts) {
          if (!verdict.allowed) return { write: [], result: verdict.refusal };
          write.push(verdict.next);
        }
        return { write, result: null };
      });
      if (refusal) throw new LockedOutError(refusal);
      return {
        // A right password is no guess: it clears the lockout and gives back its place in the
        // rate limits, so administrators who sign in often are never slowed down.
        async succeeded() {
          await attempts.update([keys.username, keys.address], (counters) => ({
            write: [...counters.values()].map((counter) => ({ ...counter, failures: Math.max(0, counter.failures - 1) })),
            result: null,
          }));
          await attempts.clear(keys.pair);
        },
      };
    },

    /**
     * Counts one guess made on a browser the administrator signed in on before (known-devices.ts):
     * that device's own lockout (5 per 15 minutes, then growing), and nothing else, so that guesses
     * at the username from elsewhere cannot slow its owner down. `succeeded` clears it.
     */
    reserveOnKnownDevice: (adminId: string, device: string, now = Date.now()) => reserveLockout(deviceKey(adminId, device), 'locked', now),

    /**
     * Counts one two-step code tried for this administrator (after the right password), from
     * every address together, or throws LockedOutError. `succeeded` (a right code) clears it.
     */
    reserveCode: (adminId: string, now = Date.now()) => reserveLockout(codeKey(adminId), 'code', now),

    prune: (before: string) => attempts.deleteStale(before),
  };
}
