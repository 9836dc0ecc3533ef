import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from './start-server.ts';

// A new site as the built server leaves it after its first start with ADMIN_USERNAME and
// ADMIN_PASSWORD (migrated, that administrator in it), made once per run and copied for each
// suite (tests/setup/databases.ts). A first start spends about a second checking that the
// password is hard to guess (a child process loading zxcvbn's dictionaries) and creating the
// tables: some 150 suites paid it, both test workers busy, in every run.
// Free of Vitest: tests/setup/global-setup.ts runs it before the test workers start.

export const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };

/** Where the templates are: a SQLite data folder, a PostgreSQL database's name. */
export interface SiteTemplates {
  sqlite?: string;
  postgres?: string;
}

const root = path.resolve(import.meta.dirname, '../..');
export const BUILT_SERVER_FILE = path.join(root, 'dist-node/server/main.js');

/** What a SQLite data folder's template holds: the database (its keys in it: docs/decisions/127), */
const SQLITE_TEMPLATE_FILES = ['club.sqlite'];
/** and what copies leave out: the images folder (empty; made anew) and the server's claim file. */
const LEFT_OUT = ['images', 'club.sqlite.in-use'];

async function firstStart(env: Record<string, string>): Promise<void> {
  const server = await startServer({ ...env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  const code = await server.stop();
  if (code !== 0) throw new Error(`The template's server stopped with ${code}:\n${server.output()}`);
}

/** Runs `work` on a connection to `adminUrl`, closed after it. */
export async function withPostgres<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The address of the database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The name of a PostgreSQL database a test run makes: when (seconds, base 36) and a random part,
 * so that a later run can tell one that a run killed before its end left behind.
 */
export function testDatabaseName(kind: 'test' | 'template', at = Date.now()): string {
  return `club_${kind}_${Math.floor(at / 1000).toString(36)}_${randomBytes(6).toString('hex')}`;
}

const NAMED = /^club_(test|template)_([0-9a-z]+)_[0-9a-f]+$/;
/** Older than any run: what a killed run left behind, not a database another run is using. */
const LEFT_BEHIND_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Drops the test databases runs killed before their end left behind (each some megabytes, on the
 * machine's PostgreSQL for good), and the SQLite data folders of theirs in the temporary folder.
 * Answers the databases dropped.
 */
export async function dropLeftBehind(postgresUrl: string | undefined, now = Date.now()): Promise<string[]> {
  const before = now - LEFT_BEHIND_AFTER_MS;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!/^club-(test|template)-/.test(name)) continue;
    const folder = path.join(os.tmpdir(), name);
    if ((fs.statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? now) < before) fs.rmSync(folder, { recursive: true, force: true });
  }
  if (!postgresUrl) return [];
  return withPostgres(postgresUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'club\\_%'`);
    const dropped = rows
      .map((row) => row.datname)
      .filter((name) => {
        const made = NAMED.exec(name)?.[2];
        return made !== undefined && parseInt(made, 36) * 1000 < before;
      });
    for (const name of dropped) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return dropped;
  });
}

/** Makes the templates (PostgreSQL's only with `postgresUrl`); `remove` drops them. */
export async function makeSiteTemplates(postgresUrl: string | undefined): Promise<{ templates: SiteTemplates; remove(): Promise<void> }> {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-template-'));
  const postgresName = postgresUrl ? testDatabaseName('template') : undefined;
  const remove = async () => {
    fs.rmSync(sqliteDir, { recursive: true, force: true });
    if (postgresUrl && postgresName)
      await withPostgres(postgresUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`));
  };
  try {
    await Promise.all([
      firstStart({ DATA_DIR: sqliteDir }),
      (async () => {
        if (!postgresUrl || !postgresName) return;
        await withPostgres(postgresUrl, (client) => client.query(`CREATE DATABASE ${postgresName}`));
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-template-pg-'));
        try {
          await firstStart({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(postgresUrl, postgresName) });
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      })(),
    ]);
    for (const file of fs.readdirSync(sqliteDir)) {
      if (!SQLITE_TEMPLATE_FILES.includes(file) && !LEFT_OUT.includes(file))
        throw new Error(`The SQLite template holds ${file}, which copies would miss`);
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: { sqlite: sqliteDir, ...(postgresName ? { postgres: postgresName } : {}) }, remove };
}

/** Copies the SQLite template's files into an empty data folder. */
export function copySqliteTemplate(templateDir: string, dataDir: string): void {
  for (const file of SQLITE_TEMPLATE_FILES) fs.copyFileSync(path.join(templateDir, file), path.join(dataDir, file));
  fs.mkdirSync(path.join(dataDir, 'images'), { recursive: true });
}
