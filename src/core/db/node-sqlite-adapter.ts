import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Compiled statements kept per SQL text. Kysely prepares a statement for every query, and
 * compiling SQL was a sixth of an uncached page's time; the site has a few dozen distinct
 * queries, and the cap keeps a pathological caller from holding many.
 */
const STATEMENT_CACHE_SIZE = 200;

/** Lets Kysely's SqliteDialect drive Node's built-in node:sqlite instead of better-sqlite3. */
export function nodeSqliteDatabase(db: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, { statement: StatementSync; reader: boolean }>();
  const compiled = (sql: string) => {
    let entry = statements.get(sql);
    if (entry) {
      // Most recently used last, so that the oldest is the first key.
      statements.delete(sql);
    } else {
      const statement = db.prepare(sql);
      // A PRAGMA is stepped to its end: `incremental_vacuum(N)` frees one page per step, so run()
      // (one step) would free one page however many were asked for.
      entry = { statement, reader: statement.columns().length > 0 || /^\s*pragma\b/i.test(sql) };
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, entry);
    return entry;
  };
  return {
    close: () => {
      statements.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = compiled(sql);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlValue);
      // A full disk (SQLITE_FULL) or a failed allocation rolls the whole transaction back by
      // itself: Kysely's ROLLBACK after it would fail with "no transaction is active" and hide
      // the error that says why (a full disk answered 500 instead of 503).
      const alreadyRolledBack = sql === 'rollback' ? () => !db.isTransaction : () => false;
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => (alreadyRolledBack() ? { changes: 0, lastInsertRowid: 0 } : statement.run(...bind(parameters))),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
}

function toSqlValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' || ArrayBuffer.isView(value)) {
    return value as SQLInputValue;
  }
  throw new TypeError(`Cannot bind a value of type ${typeof value} to SQLite`);
}
