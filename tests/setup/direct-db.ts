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
