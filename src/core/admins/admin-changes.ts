import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { createSessionsRepository } from '../auth/sessions.repository.ts';
import { recordWithChange, type ActivityActor, type ActivityNote } from '../activity/activity-recorder.ts';
import { createAdminsRepository } from './admins.repository.ts';

/**
 * Runs a change to the administrators with its line in the activity log by `actor`, in one
 * transaction (docs/decisions/062): a server killed half-way cannot leave a new password with the
 * old sessions still signed in, two-step on with a thief's session alive, or an added
 * administrator without the line that tells the committee.
 */
export function changeWithLine<T>(
  db: Db,
  actor: ActivityActor | undefined,
  work: (repos: Repos) => Promise<T>,
  line: (result: T) => ActivityNote,
) {
  return inTransaction(db, async (trx) => {
    const result = await work({ admins: createAdminsRepository(trx), sessions: createSessionsRepository(trx) });
    await recordWithChange(trx, actor, line(result));
    return result;
  });
}

/** The repositories a change works with, on its transaction. */
interface Repos {
  admins: ReturnType<typeof createAdminsRepository>;
  sessions: ReturnType<typeof createSessionsRepository>;
}

/** The activity log's line about something done to an administrator. */
export const aboutAdmin = (action: ActivityNote['action'], admin: { id: string; username: string }): ActivityNote => ({
  action,
  subject: { kind: 'administrator', id: admin.id, label: admin.username },
});

/** Who does a change that asks for their own password again (docs/decisions/047), with it, and from where. */
export interface PasswordProof {
  adminId: string;
  currentPassword: string;
  clientAddress: string;
}
