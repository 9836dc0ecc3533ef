import { createHash } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { ConflictError } from '../shared/errors.ts';

/** How long an answer is replayed for the same key. */
const KEEP_MS = 24 * 60 * 60_000;
/** How long a duplicate waits for the first request's answer before it is told to try again. */
const WAIT_MS = 10_000;
const POLL_MS = 50;

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

  async function waitForAnswer(key: string, request: string): Promise<StoredAnswer> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await db.selectFrom('idempotencyKeys').select(['request', 'status', 'body']).where('key', '=', key).executeTakeFirst();
      if (row && row.request !== request) throw new ConflictError('This Idempotency-Key was already used for another request.');
      if (row?.status != null && row.body != null) return { status: row.status, body: row.body };
      // Released (the first request failed): this one may run instead.
      if (!row) return (await claim(key, request)) ?? (await waitForAnswer(key, request));
      if (Date.now() > deadline) throw new ConflictError('The same request is still being processed. Please wait a moment and reload.');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
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
