import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

export const testDatabases: TestDatabase[] = [
  sqlite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
