import type { Db } from '../db/connect.ts';
import type { AdminRow } from '../db/database.ts';

export function createAdminsRepository(db: Db) {
  return {
    list: () => db.selectFrom('admins').selectAll().orderBy('username').execute(),

    findByUsername: (username: string) =>
      db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst(),

    findById: (id: string) => db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst(),

    async count(): Promise<number> {
      const row = await db.selectFrom('admins').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: AdminRow): Promise<void> {
      await db.insertInto('admins').values(row).execute();
    },

    async setPasswordHash(id: string, passwordHash: string, updatedAt: string): Promise<void> {
      await db.updateTable('admins').set({ passwordHash, updatedAt }).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('admins').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
