import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ConflictError } from '../shared/errors.ts';

/** How long an answer is replayed for the same key. */
const KEEP_MS = 24 * 60 * 60_000;
/** How long a duplicate waits for the first request's answer before it is told to try again. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/**
 * A claim older than this with no answer is taken over by a request with its key that waits for
 * it: the request that held it may have died with its server (another instance on PostgreSQL
 * cannot tell). Safe when it is only slow: both make the item under the key's id (`itemIdFor`),
 * the database keeps one, and both answer with it. Shorter than WAIT_MS, so a waiter takes over
 * before it gives up.
 */
const ABANDONED_MS = 8_000;
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export interface StoredAnswer {
  status: number;
  body: string;
}

/**
 * Idempotency-Key for create requests: the first request with a key runs; the same request again
 * (a double tap that got past the form, a retry after a lost answer) gets the first one's answer
 * instead of creating a second item. Claimed by inserting the key (the primary key decides between
 * two at once, on either database); only successful answers are kept, so a refused request can be
 * corrected and sent again with the same key.
 */
export function createIdempotencyService(deps: { db: Db }) {
  const { db } = deps;
  const fingerprint = (method: string, path: string, body: string) =>
    `${method} ${path} ${createHash('sha256').update(body).digest('hex')}`;

  /** The first request's answer; null when this request is to run instead (the first failed, or died). */
  async function waitForAnswer(key: string, request: string): Promise<StoredAnswer | null> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await db
        .selectFrom('idempotencyKeys')
        .select(['request', 'status', 'body', 'createdAt'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (row && row.request !== request) throw new ConflictError('This Idempotency-Key was already used for another request.');
      if (row?.status != null && row.body != null) return { status: row.status, body: row.body };
      // Released (the first request failed): this one may run instead.
      if (!row) return claim(key, request);
      if (Date.parse(row.createdAt) < Date.now() - ABANDONED_MS && (await takeOver(key, row.createdAt))) return null;
      if (Date.now() > deadline) throw new ConflictError('The same request is still being processed. Please wait a moment and reload.');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Claims an abandoned key for this request, unless another request took it first. */
  async function takeOver(key: string, claimedAt: string): Promise<boolean> {
    const taken = await db
      .updateTable('idempotencyKeys')
      .set({ createdAt: new Date().toISOString() })
      .where('key', '=', key)
      .where('createdAt', '=', claimedAt)
      .where('status', 'is', null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** null: this request holds the key and runs; otherwise the answer to replay. */
  async function claim(key: string, request: string): Promise<StoredAnswer | null> {
    try {
      await db
        .insertInto('idempotencyKeys')
        .values({ key, request, status: null, body: null, createdAt: new Date().toISOString() })
        .execute();
      return null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return waitForAnswer(key, request);
    }
  }

  return {
    fingerprint,
    claim,

    /**
     * The id a create sent with this key gives its item: the same for every retry, so that the
     * database itself refuses a second item, even after a server died between making the item
     * and keeping its answer. From the administrator's id and their key (`key`), as 12 characters
     * of the site's id alphabet.
     */
    itemIdFor(key: string): string {
      const digest = createHash('sha256').update(`item\n${key}`).digest();
      let id = '';
      for (const byte of digest.subarray(0, 12)) id += ID_ALPHABET[byte % 36];
      return id;
    },

    /**
     * At start with SQLite, where one server process has the file (docs/decisions/040): a claim
     * with no answer was held by a process that died, and the next request may run at once.
     */
    async releaseUnanswered(): Promise<void> {
      await db.deleteFrom('idempotencyKeys').where('status', 'is', null).execute();
    },

    async complete(key: string, answer: StoredAnswer): Promise<void> {
      await db.updateTable('idempotencyKeys').set(answer).where('key', '=', key).execute();
    },

    async release(key: string): Promise<void> {
      await db.deleteFrom('idempotencyKeys').where('key', '=', key).execute();
    },

    async prune(now = new Date()): Promise<void> {
      await db
        .deleteFrom('idempotencyKeys')
        .where('createdAt', '<', new Date(now.getTime() - KEEP_MS).toISOString())
        .execute();
    },
  };
}
