import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { connect, type Db } from '../../src/core/db/connect.ts';
import type { FreshDatabase } from './databases.ts';
import type { SuiteServer } from './server.ts';

/** A test database opened directly (its SQLite file or PostgreSQL), beside a server or without one. */
export function openDatabase({ databaseUrl, dataDir }: FreshDatabase): Db {
  return databaseUrl
    ? connect({ kind: 'postgres', url: databaseUrl })
    : connect({ kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') });
}

/** The suite's database, opened beside the running server, to set up states such as an expired session. */
export const openDb = (suite: SuiteServer): Db => openDatabase(suite.database);

/** The suite's database for a describe block: opened before its tests, closed after them. */
export function useDirectDb(suite: SuiteServer): () => Db {
  let db: Db | undefined;
  beforeAll(() => {
    db = openDb(suite);
  });
  afterAll(async () => db?.destroy());
  return () => db!;
}

/**
 * News items deleted by a script under `adminId` a minute ago, as the server would have left them:
 * the rows and their delete lines, written straight into the tables, 200 a statement.
 */
export async function deletedByScript(db: Db, adminId: string, ids: string[]): Promise<void> {
  const deletedAt = new Date(Date.now() - 60_000).toISOString();
  for (let start = 0; start < ids.length; start += 200) {
    const batch = ids.slice(start, start + 200);
    await db
      .insertInto('newsItems')
      .values(
        batch.map((id) => ({
          id,
          title: `Bulk ${id}`,
          content: '<p>x</p>',
          publishedAt: deletedAt,
          createdAt: deletedAt,
          updatedAt: deletedAt,
          deletedAt,
        })),
      )
      .execute();
    await db
      .insertInto('activity')
      .values(
        batch.map((id) => ({
          id: `line${id}`,
          at: deletedAt,
          adminId,
          adminName: adminId,
          action: 'deleted',
          subjectKind: 'news',
          subjectId: id,
          subjectLabel: `Bulk ${id}`,
          address: null,
          device: null,
        })),
      )
      .execute();
  }
}
