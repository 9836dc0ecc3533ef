import { recordWithChange, type ActivityActor, type ActivityNote } from '../activity/activity-recorder.ts';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { ConflictError } from './errors.ts';

interface Addition<T> {
  /** Inserts the row, in `trx`. */
  insert: (trx: Db) => Promise<T>;
  /** What its 'added' line calls it. */
  subject: (item: T) => NonNullable<ActivityNote['subject']>;
  /** The item under this id, if it is on the site. */
  made: (id: string) => Promise<T | undefined>;
  noun: string;
}

/**
 * Adds a news item, an event or a photo with its 'added' line, in one transaction (049's
 * addendum). `id`: the Idempotency-Key's, the same for every retry of one create (022's addendum):
 * when an earlier try made the item already (its server died before keeping the answer), this
 * answers that item, since the primary key refuses a second; one made and deleted since is not
 * made again.
 */
export async function addOnce<T>(db: Db, actor: ActivityActor | undefined, id: string | undefined, addition: Addition<T>): Promise<T> {
  try {
    return await inTransaction(db, async (trx) => {
      const item = await addition.insert(trx);
      await recordWithChange(trx, actor, { action: 'added', subject: addition.subject(item) });
      return item;
    });
  } catch (error) {
    if (id === undefined || !isUniqueViolation(error)) throw error;
    const existing = await addition.made(id);
    if (existing) return existing;
    throw new ConflictError(`This ${addition.noun} was added already, and deleted since: it is in Recently deleted.`);
  }
}
