import type { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import { createGuessCounter } from '../auth/guesses.ts';
import { SESSION_IDLE_MS } from '../auth/login-policy.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import { DAY_MS, nowIso } from '../shared/time.ts';
import {
  CURRENT_PASSWORD_WRONG,
  givenPasswordEnds,
  SAME_PASSWORD,
  OWN_PASSWORD_ELSEWHERE,
  newPasswordSchema,
  passwordSetMessage,
  signedOutMessage,
  usernameSchema,
  nameTakenMessage,
  REMOVED_ADMIN_DAYS,
  removedAdminsSince,
  type Admin,
  type RemovedAdmin,
} from './admins.schema.ts';
import { createAdminsRepository } from './admins.repository.ts';
import type { PasswordChecker } from './password-strength.ts';
import type { AdminRow } from '../db/database.ts';
import type { ActivityActor } from '../activity/activity-recorder.ts';
import { aboutAdmin, changeWithLine, type PasswordProof } from './admin-changes.ts';
import { createTwoStepChanges } from './admins-two-step.ts';

function parseOrThrow<T>(field: string, schema: z.ZodType<T, string>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError({ [field]: result.error.issues[0]?.message ?? `${field} is not valid` });
  return result.data;
}

/** Words a guesser would try first on this site, besides the administrator's own name. */
const SITE_WORDS = ['admin', 'administrator', 'fathers', 'dads', 'club', 'school'];

export function createAdminsService(deps: { db: Db; checkPassword: PasswordChecker; clubName: () => Promise<string> }) {
  const repo = createAdminsRepository(deps.db);
  const sessions = createSessionsRepository(deps.db);
  const log = createActivityRepository(deps.db);
  const guesses = createGuessCounter(deps.db);
  const toAdmin = (
    {
      id,
      username,
      createdAt,
      totpSecret,
      wrongCodes,
      lastWrongCodeAt,
      passwordGivenAt,
    }: Pick<AdminRow, 'id' | 'username' | 'createdAt' | 'totpSecret' | 'wrongCodes' | 'lastWrongCodeAt' | 'passwordGivenAt'>,
    activity: { devices: number; lastSeenAt: string | null } = { devices: 0, lastSeenAt: null },
    lastSignIn: Admin['lastSignIn'] = null,
  ): Admin => ({
    id,
    username,
    createdAt,
    signedInDevices: activity.devices,
    lastActiveAt: activity.lastSeenAt,
    lastSignIn,
    twoStep: totpSecret !== null,
    wrongCodes,
    lastWrongCodeAt,
    passwordGivenUntil: passwordGivenAt && new Date(givenPasswordEnds(passwordGivenAt)).toISOString(),
  });

  /**
   * The signed-in administrator's own password, asked again before a change that outlasts a
   * session or weakens sign-in: a guess like a sign-in, so a stolen session cannot try passwords
   * without limit. Answers that administrator's row.
   */
  async function confirmPassword({ adminId, currentPassword, clientAddress }: PasswordProof): Promise<AdminRow> {
    const admin = await repo.findById(adminId);
    if (!admin) throw new NotFoundError('Administrator');
    const guess = await guesses.reserve(admin.username, clientAddress);
    if (!(await verifyPassword(currentPassword, admin.passwordHash))) {
      throw new ValidationError({ currentPassword: CURRENT_PASSWORD_WRONG });
    }
    await guess.succeeded();
    return admin;
  }

  /** A new password (its length already checked), refused under `field` when it is too easy to guess. */
  async function requireHardToGuess(field: string, password: string, username: string): Promise<void> {
    const clubName = await deps.clubName();
    const weakness = await deps.checkPassword(password, [username, clubName, ...clubName.split(/\W+/).filter(Boolean), ...SITE_WORDS]);
    if (weakness) throw new ValidationError({ [field]: weakness });
  }

  /**
   * Someone else's new password: stored, and every session of theirs ended, together. `given`:
   * set from the admin by another administrator, who knows it, so its owner chooses their own at
   * the next sign-in (docs/decisions/079).
   */
  async function setPassword(admin: AdminRow, field: string, password: string, given: boolean, actor?: ActivityActor): Promise<void> {
    await requireHardToGuess(field, password, admin.username);
    const hash = await hashPassword(password);
    await changeWithLine(
      deps.db,
      actor,
      async (repos) => {
        const now = nowIso();
        // Removed by another administrator meanwhile: nothing set, no line written.
        if (!(await repos.admins.setPasswordHash(admin.id, hash, now, given ? now : null))) throw new NotFoundError('Administrator');
        await repos.sessions.deleteForAdmin(admin.id);
      },
      () => aboutAdmin('set-password', admin),
    );
  }

  return {
    ...createTwoStepChanges({ db: deps.db, repo, confirmPassword, clubName: deps.clubName }),

    /** Every administrator, with the devices signed in as each now (a stranger's sign-in shows here). */
    async list(): Promise<Admin[]> {
      const now = Date.now();
      const [rows, activity] = await Promise.all([
        repo.list(),
        sessions.activity(new Date(now - SESSION_IDLE_MS).toISOString(), new Date(now).toISOString()),
      ]);
      const byAdmin = new Map(activity.map((row) => [row.adminId, { devices: Number(row.devices), lastSeenAt: row.lastSeenAt }]));
      // A handful of administrators: one indexed read each.
      const signIns = await Promise.all(rows.map((row) => log.lastSignIn(row.id)));
      return rows.map((row, index) => toAdmin(row, byAdmin.get(row.id), signIns[index] ?? null));
    },
    count: () => repo.count(),
    findByUsername: (username: string) => repo.findByUsername(username.trim().toLowerCase()),
    findById: (id: string) => repo.findById(id),

    /**
     * `actor`: who adds them, for the line in the activity log (none: the server's start).
     * `given`: the password chosen by another administrator, who knows it (docs/decisions/079).
     */
    async create(usernameInput: string, password: string, actor?: ActivityActor, given = false): Promise<Admin> {
      const username = parseOrThrow('username', usernameSchema, usernameInput);
      parseOrThrow('password', newPasswordSchema, password);
      const exists = () => new ConflictError(`An administrator called "${username}" already exists.`);
      if (await repo.findByUsername(username)) throw exists();
      await requireHardToGuess('password', password, username);
      const now = nowIso();
      const row = {
        id: newId(),
        username,
        passwordHash: await hashPassword(password),
        totpSecret: null,
        totpLastStep: null,
        wrongCodes: 0,
        lastWrongCodeAt: null,
        passwordGivenAt: given ? now : null,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await changeWithLine(
          deps.db,
          actor,
          (repos) => repos.admins.insert(row),
          () => aboutAdmin('added', row),
        );
      } catch (error) {
        // Two requests for the same name at once: the unique index lets one in.
        if (isUniqueViolation(error)) throw exists();
        throw error;
      }
      return toAdmin(row);
    },

    confirmPassword,

    /**
     * Adds an administrator from the admin: the adder's own password first, so that a session
     * alone (a phone or a school computer left signed in) cannot add one that outlives it. The
     * adder knows the password: the new administrator chooses their own at the first sign-in.
     */
    async add(
      actingAdminId: string,
      input: { username: string; password: string; currentPassword: string },
      clientAddress: string,
      actor?: ActivityActor,
    ): Promise<Admin> {
      await confirmPassword({ adminId: actingAdminId, currentPassword: input.currentPassword, clientAddress });
      return this.create(input.username, input.password, actor, true);
    },

    /** Creates the administrator named by ADMIN_USERNAME once; an existing password is never overwritten. */
    async ensureExists(username: string, password: string): Promise<'created' | 'existing'> {
      if (await this.findByUsername(username)) return 'existing';
      try {
        await this.create(username, password);
      } catch (error) {
        // Several instances first started at once on a new database: another one made it meanwhile.
        if (error instanceof ConflictError && (await this.findByUsername(username))) return 'existing';
        throw error;
      }
      return 'created';
    },

    /** From the command line: sets a new password and signs the administrator out everywhere, together; returns who that was. */
    async resetPassword(usernameInput: string, password: string, actor?: ActivityActor): Promise<{ id: string; username: string }> {
      parseOrThrow('password', newPasswordSchema, password);
      const admin = await this.findByUsername(usernameInput);
      if (!admin) throw new NotFoundError('Administrator');
      // Whoever runs the server, most often for their own sign-in: not asked to choose again.
      await setPassword(admin, 'password', password, false, actor);
      return { id: admin.id, username: admin.username };
    },

    /**
     * From the admin: a new password for another administrator who has forgotten theirs (there is
     * no mail to send a link by). The setter's own password first, a guess like a sign-in, so that
     * a session left signed in cannot take over anyone's sign-in; their two-step sign-in stays.
     */
    async setPasswordFor(
      id: string,
      acting: PasswordProof,
      password: string,
      actor?: ActivityActor,
    ): Promise<{ message: string; username: string }> {
      if (id === acting.adminId) throw new ConflictError(OWN_PASSWORD_ELSEWHERE);
      await confirmPassword(acting);
      parseOrThrow('newPassword', newPasswordSchema, password);
      const admin = await repo.findById(id);
      if (!admin) throw new NotFoundError('Administrator');
      await setPassword(admin, 'newPassword', password, true, actor);
      return { message: passwordSetMessage(admin.username), username: admin.username };
    },

    /**
     * Changes one's own password; other sessions of that administrator end. The current password
     * is a guess like a sign-in: a stolen session cannot try passwords without limit.
     */
    async changePassword(
      adminId: string,
      currentPassword: string,
      nextPassword: string,
      clientAddress: string,
      keepTokenHash?: string,
      actor?: ActivityActor,
    ): Promise<void> {
      const admin = await confirmPassword({ adminId, currentPassword, clientAddress });
      parseOrThrow('newPassword', newPasswordSchema, nextPassword);
      // Above all when someone else set it: the same one again would leave them knowing it.
      if (nextPassword === currentPassword) throw new ValidationError({ newPassword: SAME_PASSWORD });
      await requireHardToGuess('newPassword', nextPassword, admin.username);
      const hash = await hashPassword(nextPassword);
      await changeWithLine(
        deps.db,
        actor,
        async (repos) => {
          await repos.admins.setPasswordHash(adminId, hash, nowIso(), null);
          await repos.sessions.deleteForAdmin(adminId, keepTokenHash);
        },
        () => ({ action: 'changed-password' }),
      );
    },

    /**
     * Ends every session of an administrator: a lost or stolen phone, a shared computer left
     * signed in. Asked of oneself, the device asking stays signed in.
     */
    async signOutEverywhere(
      id: string,
      acting: { id: string; tokenHash: string },
      actor?: ActivityActor,
    ): Promise<{ message: string; username: string }> {
      const admin = await repo.findById(id);
      if (!admin) throw new NotFoundError('Administrator');
      const self = id === acting.id;
      await changeWithLine(
        deps.db,
        actor,
        (repos) => repos.sessions.deleteForAdmin(id, self ? acting.tokenHash : undefined),
        () => aboutAdmin('signed-out-everywhere', admin),
      );
      return { message: signedOutMessage(admin.username, self), username: admin.username };
    },

    /**
     * Never removes the last administrator, nor the one asking. The account waits 30 days to be
     * put back (`restore`): a wrong tap on a phone costs a colleague nothing.
     */
    async remove(id: string, actingAdminId: string, actor?: ActivityActor): Promise<Admin> {
      if (id === actingAdminId) throw new ConflictError('You cannot remove yourself.');
      const admin = await repo.findById(id);
      if (!admin) throw new NotFoundError('Administrator');
      await changeWithLine(
        deps.db,
        actor,
        async (repos) => {
          const outcome = await repos.admins.removeUnlessLast(id, actor?.admin?.username ?? null, nowIso());
          if (outcome === 'missing') throw new NotFoundError('Administrator');
          if (outcome === 'last') throw new ConflictError('The last administrator cannot be removed.');
        },
        () => aboutAdmin('removed', admin),
      );
      return toAdmin(admin);
    },

    /** The administrators removed in the last 30 days, who can still be put back; newest first. */
    async listRemoved(now = new Date()): Promise<RemovedAdmin[]> {
      const rows = await repo.removedSince(removedAdminsSince(now));
      return rows.map((row) => ({ ...row, purgeAt: new Date(Date.parse(row.removedAt) + REMOVED_ADMIN_DAYS * DAY_MS).toISOString() }));
    },

    /**
     * Puts a removed administrator back as they were: their name, password and two-step sign-in,
     * signed in nowhere (their sessions ended with the removal). From the admin, the password of
     * whoever does it first, as for adding one (docs/decisions/047): with a session alone, a
     * stranger who knows a removed account's password (their own, or one they made earlier)
     * would have a way back in. `acting` null: the server's command line.
     */
    async restore(id: string, acting: PasswordProof | null, actor?: ActivityActor): Promise<Admin> {
      if (acting) await confirmPassword(acting);
      const admin = await changeWithLine(
        deps.db,
        actor,
        async (repos) => {
          const result = await repos.admins.putBack(id, removedAdminsSince());
          if (result.outcome === 'missing') throw new NotFoundError('Removed administrator');
          if (result.outcome === 'taken') throw new ConflictError(nameTakenMessage(result.admin.username));
          return result.admin;
        },
        (restored) => aboutAdmin('restored', restored),
      );
      return toAdmin(admin);
    },

    /**
     * `restore` by name, the latest account removed under it (`npm run admin -- restore`): for a
     * stranger who removed every other administrator, the committee's own accounts back with their
     * own passwords.
     */
    async restoreByName(username: string, actor?: ActivityActor): Promise<Admin> {
      const name = username.trim().toLowerCase();
      const removed = (await repo.removedSince(removedAdminsSince())).find((admin) => admin.username === name);
      // Quoted as JSON: a name typed with control characters is shown escaped, not played to the terminal.
      if (!removed)
        throw new DomainError(`No administrator called ${JSON.stringify(name)} was removed in the last ${REMOVED_ADMIN_DAYS} days.`);
      return this.restore(removed.id, null, actor);
    },

    /** Forgets for good the administrators removed more than 30 days ago; how many (hourly housekeeping). */
    forgetRemoved: (now = new Date()): Promise<number> => repo.forgetRemovedBefore(removedAdminsSince(now)),
  };
}
