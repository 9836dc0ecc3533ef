import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql, type DialectAdapter } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { isMissingTable } from './errors.ts';
import { migrations } from './migrations/index.ts';
import { nodeSqliteDatabase } from './node-sqlite-adapter.ts';
import { closingSilentConnections } from './postgres-pool.ts';

export type Db = Kysely<Database>;

/** How much longer than the server's statement timeout the client waits for an answer. */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/**
 * SQLite's schema changes are transactional, but Kysely's SQLite adapter says not, so its migrator
 * ran each migration's statements bare: a full disk half-way through one (its first column added,
 * not its second) left a schema it could not run on again, and the site never started. Said so,
 * the migrator runs the pending migrations in one transaction, as it does on PostgreSQL: all of
 * them or none (src/core/db/migrations-whole.test.ts). None of them relies on being outside one
 * (no PRAGMA, no VACUUM, no table rebuilt with foreign keys off).
 */
class SqliteTransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class SqliteSiteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new SqliteTransactionalDdlAdapter();
  }
}

/** Opens the database the configuration names; SQLite is created on first use. */
export function connect(database: Config['database'], options: { onConnectionError?: (error: Error) => void } = {}): Db {
  const plugins = [new CamelCasePlugin()];
  if (database.kind === 'postgres') {
    // A request waits at most 5 s for a connection, so a database that is down gives a quick 503.
    // Loaded only here: a SQLite site does not carry the PostgreSQL client in memory.
    const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // A database that stops answering without closing the connection (a network gone silent)
      // cancels nothing: the client gives up a little after the server would have (below).
      ...(database.statementTimeoutMs ? { query_timeout: database.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS } : {}),
    });
    // When the server restarts or terminates our backends, pg emits 'error' on the pool (idle
    // connections) or on a client (one in use). Without a listener Node would crash; with one,
    // the broken connection is dropped and the next query opens a new one.
    const onError = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: closingSilentConnections(pool, (error) => error instanceof pg.DatabaseError, statementTimeout(database.statementTimeoutMs)),
      }),
      plugins,
    });
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const isNew = (fs.statSync(database.file, { throwIfNoEntry: false })?.size ?? 0) === 0;
  const sqlite = new DatabaseSync(database.file);
  // WAL lets readers run beside the writer; synchronous=FULL makes every acknowledged
  // commit durable even on power loss; the busy timeout rides out a concurrent writer; the log is
  // cut back after a burst of writes instead of keeping its largest size for ever. A new file is
  // made able to give back the room of deleted rows (room.ts). Only a new one: on an existing
  // file the PRAGMA writes its header, and a damaged file must be left exactly as it is (035).
  if (isNew) sqlite.exec('PRAGMA auto_vacuum = INCREMENTAL;');
  sqlite.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA journal_size_limit = 67108864;',
  );
  return new Kysely<Database>({
    dialect: new SqliteSiteDialect({ database: nodeSqliteDatabase(sqlite) }),
    plugins,
  });
}

/**
 * PostgreSQL cancels a statement that runs or waits for a lock longer than this (a table locked by
 * maintenance or a restore, a runaway query): the request answers 503 instead of holding its
 * connection and its render turn until the lock goes (docs/decisions/031). Set on each new
 * connection rather than as a startup parameter, which PgBouncer refuses ("unsupported startup
 * parameter: statement_timeout") in every pool mode (docs/decisions/133).
 */
function statementTimeout(ms: number | undefined) {
  if (!ms) return undefined;
  return (client: pg.PoolClient) => client.query("select set_config('statement_timeout', $1, false)", [`${ms}ms`]);
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migrations are written on Kysely<any> without the camel-case plugin, in snake_case.
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  const migrator = new Migrator({ db: raw, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Database migration${name} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((result) => result.migrationName);
}

const migrator = (db: Db) => new Migrator({ db: db.withoutPlugins(), provider });

/** Migrations not yet applied (the database's tables are made on first start: all of them). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await migrator(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Migrations applied, oldest first (none on a new database). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const known = await migrator(db).getMigrations();
  return known.filter((migration) => migration.executedAt !== undefined).map((migration) => migration.name);
}

/** A migration the database has had that this version of the site does not know: a newer version ran it. */
export interface UnknownMigration {
  name: string;
  executedAt: Date;
}

/** The database's unknown migrations, oldest first (docs/decisions/140). None on a new database. */
export async function unknownMigrations(db: Db): Promise<UnknownMigration[]> {
  const raw = db.withoutPlugins() as unknown as Kysely<any>;
  const rows: { name: string; timestamp: string | Date }[] = await raw
    .selectFrom('kysely_migration')
    .select(['name', 'timestamp'])
    .execute()
    .catch((error: unknown) => {
      if (isMissingTable(error)) return [];
      throw error;
    });
  return unknownAmong(rows);
}

/** Whether this version of the site has the migration of that name. */
export const isKnownMigration = (name: string): boolean => Object.hasOwn(migrations, name);

/** Of the rows of Kysely's migration table, those this version does not know, oldest first. */
export function unknownAmong(rows: { name: string; timestamp: string | Date }[]): UnknownMigration[] {
  return rows
    .filter((row) => !isKnownMigration(row.name))
    .map((row) => ({ name: row.name, executedAt: new Date(row.timestamp) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * When this database was made: the time its first migration ran (the server's first start on it,
 * or the restore that made it), or null before that.
 */
export async function databaseMadeAt(db: Db): Promise<Date | null> {
  const times = (await migrator(db).getMigrations()).flatMap((migration) => migration.executedAt ?? []);
  return times.length > 0 ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
}

/** Brings the schema to exactly `name`, up or down (a restore of an archive from an older version). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migrator(db).migrateTo(name);
  if (error)
    throw new Error(`Database migration to ${name} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, {
      cause: error,
    });
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Whether the database answers and takes writes: PostgreSQL says when it is read-only (docs/decisions/131). */
export async function writableState(db: Db, kind: Config['database']['kind']): Promise<'ok' | 'read-only'> {
  if (kind === 'sqlite') {
    await ping(db);
    return 'ok';
  }
  const { rows } = await sql<{ readOnly: string }>`select current_setting('transaction_read_only') as read_only`.execute(db);
  return rows[0]?.readOnly === 'on' ? 'read-only' : 'ok';
}
