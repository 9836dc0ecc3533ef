import type { Db } from '../db/connect.ts';
import type { SessionRow } from '../db/database.ts';

export function createSessionsRepository(db: Db) {
  return {
    async insert(row: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    findWithAdmin: (tokenHash: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('admins', 'admins.id', 'sessions.adminId')
        .select([
          'sessions.tokenHash',
          'sessions.adminId',
          'sessions.lastSeenAt',
          'sessions.expiresAt',
          'admins.username',
          'admins.passwordGivenAt',
        ])
        .where('sessions.tokenHash', '=', tokenHash)
        .executeTakeFirst(),

    async touch(tokenHash: string, lastSeenAt: string): Promise<void> {
      await db.updateTable('sessions').set({ lastSeenAt }).where('tokenHash', '=', tokenHash).execute();
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },

    async deleteForAdmin(adminId: string, exceptTokenHash?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('adminId', '=', adminId);
      if (exceptTokenHash) query = query.where('tokenHash', '!=', exceptTokenHash);
      await query.execute();
    },

    /** Per administrator, the sessions still valid (not expired, not idle) and the last time one was used. */
    activity: (idleSince: string, now: string) =>
      db
        .selectFrom('sessions')
        .select((eb) => ['adminId', eb.fn.countAll<number | string | bigint>().as('devices'), eb.fn.max('lastSeenAt').as('lastSeenAt')])
        .where('expiresAt', '>', now)
        .where('lastSeenAt', '>=', idleSince)
        .groupBy('adminId')
        .execute(),

    async deleteExpired(idleSince: string, now: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<', idleSince)]))
        .execute();
    },
  };
}
