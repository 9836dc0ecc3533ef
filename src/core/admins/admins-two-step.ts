import type { Db } from '../db/connect.ts';
import type { AdminRow } from '../db/database.ts';
import type { ActivityActor } from '../activity/activity-recorder.ts';
import { CODE_WRONG } from '../auth/auth.schema.ts';
import { newTwoStepSecret, stepOfCode } from '../auth/two-step.ts';
import { NotFoundError, ValidationError } from '../shared/errors.ts';
import { nowIso } from '../shared/time.ts';
import { aboutAdmin, changeWithLine, type PasswordProof } from './admin-changes.ts';
import { twoStepMessage } from './admins.schema.ts';
import type { createAdminsRepository } from './admins.repository.ts';

/** Two-step sign-in, turned on and off (docs/decisions/046): part of the administrators' service. */
export function createTwoStepChanges(deps: {
  db: Db;
  repo: ReturnType<typeof createAdminsRepository>;
  confirmPassword: (proof: PasswordProof) => Promise<AdminRow>;
  clubName: () => Promise<string>;
}) {
  const { repo, confirmPassword } = deps;
  return {
    /** A new authenticator secret for this administrator, shown as a QR code; nothing changes until turnOnTwoStep. */
    async twoStepSetup(adminId: string) {
      const admin = await repo.findById(adminId);
      if (!admin) throw new NotFoundError('Administrator');
      return newTwoStepSecret(admin.username, await deps.clubName());
    },

    /**
     * Turns two-step sign-in on for oneself: the code proves the app holds the secret, and the
     * current password (a guess like a sign-in) that a stolen session cannot lock the owner out.
     * Every other session ends, a thief's included.
     */
    async turnOnTwoStep(
      adminId: string,
      input: { secret: string; code: string; currentPassword: string },
      clientAddress: string,
      keepTokenHash: string,
      actor?: ActivityActor,
    ): Promise<{ message: string }> {
      const admin = await confirmPassword({ adminId, currentPassword: input.currentPassword, clientAddress });
      const step = stepOfCode(input.secret, input.code);
      if (step === null) throw new ValidationError({ code: CODE_WRONG });
      await changeWithLine(
        deps.db,
        actor,
        async (repos) => {
          await repos.admins.setTwoStepSecret(adminId, input.secret, nowIso());
          // The code just typed is used: it cannot sign anyone in within its 30 seconds.
          await repos.admins.takeTwoStepStep(adminId, step);
          await repos.sessions.deleteForAdmin(adminId, keepTokenHash);
        },
        () => ({ action: 'turned-on-two-step' }),
      );
      return { message: twoStepMessage(admin.username, true, true) };
    },

    /**
     * Turns two-step sign-in off: one's own, or another administrator's whose phone is lost
     * (they are signed out everywhere, sign in with their password again, and can turn it on with
     * a new phone; so too from the command line). From the
     * admin, the password of whoever turns it off first: a session alone must not weaken anyone's
     * sign-in. `acting` is null from the command line.
     */
    async turnOffTwoStep(id: string, acting: PasswordProof | null, actor?: ActivityActor): Promise<{ message: string; username: string }> {
      if (acting) await confirmPassword(acting);
      const admin = await repo.findById(id);
      if (!admin) throw new NotFoundError('Administrator');
      const self = id === acting?.adminId;
      await changeWithLine(
        deps.db,
        actor,
        async (repos) => {
          if (!(await repos.admins.setTwoStepSecret(id, null, nowIso()))) throw new NotFoundError('Administrator');
          // Someone else's is turned off for a lost phone, which may still be signed in: it is signed out.
          if (!self) await repos.sessions.deleteForAdmin(id);
        },
        () => aboutAdmin('turned-off-two-step', admin),
      );
      return { message: twoStepMessage(admin.username, false, self), username: admin.username };
    },
  };
}
