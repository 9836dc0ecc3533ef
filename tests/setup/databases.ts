import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { copySqliteTemplate, databaseUrl, testDatabaseName, withPostgres } from './site-templates.ts';

/** One database under test: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestDatabase {
  kind: 'sqlite' | 'postgres';
  /** A fresh, empty database (and data folder) for one suite. */
  create(): Promise<FreshDatabase>;
  /**
   * A fresh new site for one suite, as the server leaves it after its first start with ADMIN's
   * ADMIN_USERNAME and ADMIN_PASSWORD: a copy of the run's template (site-templates.ts), or an
   * empty database when there is none (the server then makes the site as it starts).
   */
  createSite(): Promise<FreshDatabase>;
}

export interface FreshDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-'));
}

/** The run's templates (tests/setup/global-setup.ts): none without a built server. */
const templates = () => inject('siteTemplates') ?? {};

function emptySqlite(): FreshDatabase {
  const dataDir = freshDataDir();
  return { dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

const sqlite: TestDatabase = {
  kind: 'sqlite',
  create: async () => emptySqlite(),
  async createSite() {
    const fresh = emptySqlite();
    const template = templates().sqlite;
    if (template) copySqliteTemplate(template, fresh.dataDir);
    return fresh;
  },
};

function postgres(adminUrl: string): TestDatabase {
  async function createDatabase(template: string | undefined): Promise<FreshDatabase> {
    const name = testDatabaseName('test');
    await withPostgres(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    const dataDir = freshDataDir();
    return {
      dataDir,
      databaseUrl: databaseUrl(adminUrl, name),
      async drop() {
        await withPostgres(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    kind: 'postgres',
    create: () => createDatabase(undefined),
    createSite: () => createDatabase(templates().postgres),
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
