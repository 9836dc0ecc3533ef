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

/** Added to the name of every suite left out for want of PostgreSQL; the run's summary counts them. */
export const POSTGRES_NOT_RUN = 'not run: no PostgreSQL to test on';

/**
 * One suite per database. On a machine with no PostgreSQL at all (vitest.config.ts looks for
 * one), the PostgreSQL suite is still declared, as skipped, so that the run's summary says how
 * many tests did not run and why; CI sets REQUIRE_POSTGRES=1, which makes that an error.
 */
export function eachDatabase(name: string, body: (db: TestDatabase) => void): void {
  for (const kind of ['sqlite', 'postgres'] as const) {
    const title = name.replace('$kind', kind);
    const db = testDatabases.find((candidate) => candidate.kind === kind);
    if (db) describe(title, () => body(db));
    else describe.skip(`${title} (${POSTGRES_NOT_RUN})`, () => body(unavailable));
  }
}

/** Stands in for PostgreSQL in a skipped suite: its hooks never run. */
const unavailable: TestDatabase = {
  kind: 'postgres',
  create: () => Promise.reject(new Error(POSTGRES_NOT_RUN)),
};

/** The PostgreSQL-only suites: declared skipped, with the reason in their name, without it. */
export function onPostgres(name: string, body: (db: TestDatabase) => void): void {
  const db = testDatabases.find((candidate) => candidate.kind === 'postgres');
  if (db) describe(name, () => body(db));
  else describe.skip(`${name} (${POSTGRES_NOT_RUN})`, () => body(unavailable));
}
