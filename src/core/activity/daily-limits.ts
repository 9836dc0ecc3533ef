import { describeWait } from '../auth/login-policy.ts';
import type { Db } from '../db/connect.ts';
import { DomainError } from '../shared/errors.ts';
import { TRASH_DAYS } from '../trash/trash.schema.ts';
import { CLOCK_STEP_MS, DAY_MS } from '../shared/time.ts';

// Deleting for ever, held to a few a day for the whole site (docs/decisions/063). Everything else a
// stranger with a volunteer's password does to the content can be put right from the activity
// log; a delete for ever cannot.

/** How many items the site's administrators may delete for ever in any 24 hours. */
export const DELETES_FOR_EVER_A_DAY = 20;

export class DailyLimitError extends DomainError {
  override name = 'DailyLimitError';
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super(
      `${DELETES_FOR_EVER_A_DAY} items have been deleted for ever in the last day, as many as the site allows in a day, so that a stolen password cannot destroy what the club has kept. ` +
        `This one stays in Recently deleted, out of visitors' sight: it can be deleted for ever in ${describeWait(waitMs)}, and goes by itself ${TRASH_DAYS} days after it was deleted.`,
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

/**
 * Throws DailyLimitError when administrators deleted DELETES_FOR_EVER_A_DAY items for ever in the
 * 24 hours before `now`, counting the lines in the activity log (written in each delete's
 * transaction, so a delete done is a line counted). Called first in the transaction of a delete
 * for ever: it locks the administrators' rows, so that deletes at the same moment are counted one
 * after the other, not each against the same count. The purge after 30 days writes no line and
 * is not held.
 */
export async function withinDailyLimit(trx: Db): Promise<void> {
  await trx
    .updateTable('admins')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .execute();
  // Read once the lock is held: deletes that waited before it wrote their lines meanwhile, and a
  // time taken earlier would find them in its future (the wait would say 25 hours, not 24).
  const now = Date.now();
  const recent = await trx
    .selectFrom('activity')
    .select('at')
    .where('action', '=', 'deleted-for-ever')
    .where('at', '>', new Date(now - DAY_MS).toISOString())
    // Lines dated by a clock that ran ahead (138) would hold deletes back until their day came.
    .where('at', '<=', new Date(now + CLOCK_STEP_MS).toISOString())
    .where('adminId', 'is not', null)
    .orderBy('at', 'desc')
    .limit(DELETES_FOR_EVER_A_DAY)
    .execute();
  if (recent.length >= DELETES_FOR_EVER_A_DAY) throw new DailyLimitError(Date.parse(recent.at(-1)!.at) + DAY_MS - now);
}
