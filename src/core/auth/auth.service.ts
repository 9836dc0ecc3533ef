import { createHash, randomBytes } from 'node:crypto';
import { createAdminsRepository } from '../admins/admins.repository.ts';
import { GIVEN_PASSWORD_EXPIRED, givenPasswordEnds } from '../admins/admins.schema.ts';
import type { Db } from '../db/connect.ts';
import { DomainError } from '../shared/errors.ts';
import { datedAhead } from '../shared/time.ts';
import { CODE_NEEDED, CODE_WRONG, INVALID_CREDENTIALS } from './auth.schema.ts';
import { createGuessCounter } from './guesses.ts';
import { LOCKOUT_MEMORY_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './login-policy.ts';
import { knownDeviceOf, newKnownDevice } from './known-devices.ts';
import { hashOfNoPassword, verifyPassword } from './passwords.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createWriteBudget, type WriteCost } from './write-budget.ts';
import { stepOfCode } from './two-step.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { recordWithChange, type ActivityActor } from '../activity/activity-recorder.ts';

export class InvalidCredentialsError extends DomainError {
  override name = 'InvalidCredentialsError';
  constructor() {
    super(INVALID_CREDENTIALS);
  }
}

/** A right password of an administrator with two-step sign-in, and no right code: 401 naming the code field. */
export class TwoStepCodeError extends DomainError {
  override name = 'TwoStepCodeError';
  constructor(needed: boolean) {
    super(needed ? CODE_NEEDED : CODE_WRONG);
  }
}

/** The right password, set by another administrator more than GIVEN_PASSWORD_DAYS ago and never replaced: 401. */
export class GivenPasswordExpiredError extends DomainError {
  override name = 'GivenPasswordExpiredError';
  constructor() {
    super(GIVEN_PASSWORD_EXPIRED);
  }
}

export interface SessionAdmin {
  id: string;
  username: string;
  tokenHash: string;
  /** Signed in with a password someone else set: nothing but choosing their own until then (docs/decisions/079). */
  passwordGiven: boolean;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAuthService(deps: { db: Db }) {
  const sessions = createSessionsRepository(deps.db);
  const guesses = createGuessCounter(deps.db);
  const writeBudget = createWriteBudget(deps.db);
  const admins = createAdminsRepository(deps.db);
  const noPasswordHash = hashOfNoPassword();

  return {
    /**
     * Checks a username and password and opens a session. Unknown user and wrong password
     * fail alike and take the same time. At most 5 guesses for one username from one address
     * (an IPv6 /64) are checked per 15 minutes, then that pair is locked out, for longer each
     * time it happens again; guesses per username and per address are also rate-limited
     * (login-policy.ts, docs/decisions/010). With two-step sign-in on, the code is checked after
     * the password, within the same guess: a wrong or missing code is a failed guess too, and a
     * code is taken once. Codes have their own count per administrator, from every address
     * together (5 per 15 minutes, then growing lockouts), and a wrong one is recorded for the
     * Administrators screen (docs/decisions/046). Sent with the proof of a browser the
     * administrator signed in on before (`knownDevice`), a guess counts for that device alone, and
     * its hash waits in a line of its own: an attack on the username from elsewhere cannot keep the
     * owner out (docs/decisions/122). Each sign-in answers the proof to keep.
     */
    async login(
      username: string,
      password: string,
      clientAddress: string,
      code?: string,
      /** Where from, for the 'signed in' line written with the session (docs/decisions/062); none from a test. */
      from?: Omit<ActivityActor, 'admin'>,
      knownDevice?: string,
    ): Promise<{ token: string; expiresAt: string; admin: { id: string; username: string }; knownDevice: string }> {
      const normalized = username.trim().toLowerCase();
      const now = Date.now();
      const admin = await admins.findByUsername(normalized);
      const device = admin ? knownDeviceOf(knownDevice, admin) : null;
      const guess =
        admin && device ? await guesses.reserveOnKnownDevice(admin.id, device, now) : await guesses.reserve(normalized, clientAddress, now);

      const valid = await verifyPassword(password, admin?.passwordHash ?? noPasswordHash, device ? 'known device' : 'anyone');
      if (!admin || !valid) throw new InvalidCredentialsError();
      // Counted as a failed guess: it no longer opens anything.
      if (admin.passwordGivenAt && now > givenPasswordEnds(admin.passwordGivenAt)) throw new GivenPasswordExpiredError();
      if (admin.totpSecret) {
        if (!code?.trim()) throw new TwoStepCodeError(true);
        // Counted before it is checked, so that however many arrive at once only 5 are checked.
        const codeGuess = await guesses.reserveCode(admin.id);
        const step = stepOfCode(admin.totpSecret, code, now);
        if (step === null) {
          // The right password with a code that is no code: shown on the Administrators screen.
          await admins.recordWrongCode(admin.id, new Date(now).toISOString());
          throw new TwoStepCodeError(false);
        }
        // One statement takes the step: two requests with the same code cannot both sign in. A
        // code already used (a double tap) is refused but says nothing of the password.
        if (!(await admins.takeTwoStepStep(admin.id, step))) throw new TwoStepCodeError(false);
        await codeGuess.succeeded();
      }
      await guess.succeeded();

      const token = randomBytes(32).toString('base64url');
      const created = new Date(now).toISOString();
      const expiresAt = new Date(now + SESSION_ABSOLUTE_MS).toISOString();
      const who = { id: admin.id, username: admin.username };
      await inTransaction(deps.db, async (trx) => {
        await createSessionsRepository(trx).insert({
          tokenHash: hashToken(token),
          adminId: admin.id,
          createdAt: created,
          lastSeenAt: created,
          expiresAt,
        });
        await recordWithChange(trx, from && { ...from, admin: who }, { action: 'signed-in' });
      });
      return { token, expiresAt, admin: who, knownDevice: device && knownDevice ? knownDevice : newKnownDevice(admin) };
    },

    /** The administrator behind a token, or null when it is unknown, idle too long or past its end. */
    async resolve(token: string): Promise<SessionAdmin | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const row = await sessions.findWithAdmin(tokenHash);
      if (!row) return null;
      const now = Date.now();
      const lastSeen = Date.parse(row.lastSeenAt);
      const expiresAt = Date.parse(row.expiresAt);
      // A session made while the clock ran ahead ends further off than any can (138): not trusted.
      if (expiresAt <= now || now - lastSeen >= SESSION_IDLE_MS || datedAhead(expiresAt, now + SESSION_ABSOLUTE_MS)) {
        await sessions.delete(tokenHash);
        return null;
      }
      if (now - lastSeen >= SESSION_TOUCH_MS) await sessions.touch(tokenHash, new Date(now).toISOString());
      return { id: row.adminId, username: row.username, tokenHash, passwordGiven: row.passwordGivenAt !== null };
    },

    /** Takes one change from the administrator's budget (docs/decisions/059), or throws TooManyChangesError. */
    spendWrite: (adminId: string, cost: WriteCost) => writeBudget.spend(adminId, cost),

    async logout(tokenHash: string): Promise<void> {
      await sessions.delete(tokenHash);
    },

    /** Housekeeping: ended sessions, old failure records and budgets full again. */
    async prune(): Promise<void> {
      const now = Date.now();
      await sessions.deleteExpired(new Date(now - SESSION_IDLE_MS).toISOString(), new Date(now).toISOString());
      await guesses.prune(new Date(now - LOCKOUT_MEMORY_MS).toISOString());
      await writeBudget.prune(now);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
