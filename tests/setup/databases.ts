import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';

/** One database under test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestDatabase {
  kind: 'sqlite' | 'postgres';
  /** A fresh, empty database (and data folder) for one suite. */
  create(): Promise<FreshDatabase>;
}

export interface FreshDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
}

const sqlite: TestDatabase = {
  kind: 'sqlite',
  async create() {
    const dataDir = freshDataDir();
    return { dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  },
};

function postgres(adminUrl: string): TestDatabase {
  return {
    kind: 'postgres',
    async create() {
      const name = `club_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = freshDataDir();
      return {
        dataDir,
        databaseUrl: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

/** The databases this run can test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: TestDatabase[] = [sqlite, ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : [])];

/** SQLite alone, for what does not depend on the engine. */
export const sqliteDb: TestDatabase = sqlite;

/**
 * One suite per database this run can test. On a machine with no PostgreSQL at all (vitest.config.ts
 * looks for one), only SQLite's is declared: the run's last line says that PostgreSQL was not
 * tested and why (tests/setup/summary-reporter.ts), and CI sets REQUIRE_POSTGRES=1, which makes a
 * missing PostgreSQL an error instead.
 */
export function eachDatabase(name: string, body: (db: TestDatabase) => void): void {
  for (const db of testDatabases) describe(name.replace('$kind', db.kind), () => body(db));
}

/**
 * A suite that only PostgreSQL can run (several instances on one database, its restarts), declared
 * only when there is one. A file holding nothing else is named `*.postgres.test.ts`, which
 * vitest.config.ts leaves out of a run without PostgreSQL.
 */
export function onPostgres(name: string, body: (db: TestDatabase) => void): void {
  const db = testDatabases.find((candidate) => candidate.kind === 'postgres');
  if (db) describe(name, () => body(db));
}
