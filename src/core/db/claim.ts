import { createRequire } from 'node:module';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { lockFile } from '../shared/file-lock.ts';
import { dataFolderProblem } from './opening-problems.ts';

// A restore replaces the whole database. With a server running on it, what visitors and
// volunteers write meanwhile would be lost (acknowledged, then replaced) and the server's page
// cache would go on showing the old site. So a server claims its database for its life and a
// restore claims it alone: each refuses to start while the other holds it. The claims are
// operating-system and database locks, which end with the process, kill -9 included, so a crash
// never leaves a claim behind (docs/decisions/040-restore-never-beside-a-server.md).

export type Claimant = 'server' | 'restore';

/** The claim cannot be taken; its message says why and what to do. */
export class ClaimError extends Error {
  override name = 'ClaimError';
}

class DatabaseInUseError extends ClaimError {
  override name = 'DatabaseInUseError';
}

/** SQLite: DATA_DIR cannot hold the database (a file, a folder this user cannot write in, a read-only disk). */
class DataFolderError extends ClaimError {
  override name = 'DataFolderError';
}

/** The database is reached through a pooler that gives each transaction any session (docs/decisions/133). */
class SessionPoolerError extends ClaimError {
  override name = 'SessionPoolerError';
}

export interface Claim {
  release(): Promise<void>;
}

/**
 * PostgreSQL advisory-lock key (two int4s, both arbitrary): servers hold it shared, several at
 * once; a restore holds it alone. Advisory locks belong to one database, so sites on other
 * databases of the same PostgreSQL server never meet.
 */
const LOCK_KEY = [0x636c7562, 1] as const;
const RECLAIM_MIN_MS = 250;
const RECLAIM_MAX_MS = 10_000;
/**
 * A claim's connection is idle, and an idle connection can die without a word (a NAT or firewall
 * forgetting it): PostgreSQL then ends the session in its own time and lets the claim go, while
 * the server, hearing nothing, would serve on unclaimed and let a restore in beside it. So the
 * server asks on it every few seconds, and takes the claim again on a new connection when no
 * answer comes (docs/decisions/135). The traffic also keeps such middleboxes from forgetting it.
 */
const HEARTBEAT_MS = 5_000;
const ANSWER_WITHIN_MS = 5_000;

/** The file whose lock a SQLite site's server or restore holds (the lock ends with its process). */
export function claimFileOf(databaseFile: string): string {
  return `${databaseFile}.in-use`;
}

/** Claims the database for a server (alongside other servers on PostgreSQL) or for a restore (alone). */
export async function claimDatabase(database: Config['database'], claimant: Claimant, log?: Logger): Promise<Claim> {
  return database.kind === 'sqlite' ? claimSqlite(database.file, claimant) : claimPostgres(database.url, claimant, log);
}

function claimSqlite(databaseFile: string, claimant: Claimant): Claim {
  let lock: ReturnType<typeof lockFile>;
  try {
    lock = lockFile(claimFileOf(databaseFile), 'exclusive');
  } catch (error) {
    throw new DataFolderError(dataFolderProblem(path.dirname(databaseFile), error), { cause: error });
  }
  if (!lock) {
    throw new DatabaseInUseError(
      claimant === 'restore'
        ? `A server is running on ${databaseFile} (or a restore is). Stop it first: a restore beside a running site loses what is written meanwhile. Nothing was changed.`
        : `Another server or a restore is using ${databaseFile}. One server serves a SQLite site: stop the other, or wait until the restore has finished, and start again.`,
    );
  }
  return {
    release() {
      lock.release();
      return Promise.resolve();
    },
  };
}

async function claimPostgres(url: string, claimant: Claimant, log?: Logger): Promise<Claim> {
  const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
  const open = async (): Promise<pg.Client> => {
    const client = new Client({
      connectionString: url,
      application_name: `club site ${claimant}`,
      keepAlive: true,
      query_timeout: ANSWER_WITHIN_MS,
    });
    client.on('error', () => {}); // reported through 'end', below
    await client.connect();
    return client;
  };
  const take = async (client: pg.Client): Promise<boolean> => {
    const fn = claimant === 'server' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
    const { rows } = await client.query<{ taken: boolean }>(`select ${fn}($1, $2) as taken`, [...LOCK_KEY]);
    return rows[0]?.taken === true;
  };

  let client = await open();
  try {
    await refuseTransactionPooling(client, open);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  if (!(await take(client))) {
    const servers = await holders(client);
    await client.end().catch(() => {});
    throw new DatabaseInUseError(
      claimant === 'restore'
        ? servers > 0
          ? `${servers === 1 ? 'A server is' : `${servers} servers are`} running on this database. Stop ${servers === 1 ? 'it' : 'them'} first: a restore beside a running site loses what is written meanwhile. Nothing was changed.`
          : 'Another restore is running on this database. Wait until it has finished. Nothing was changed.'
        : 'A restore is running on this database. Start the server when it has finished.',
    );
  }
  if (claimant === 'restore') return { release: () => client.end().catch(() => {}) };

  // A server's claim rides on one connection: when the database restarts or the connection is
  // cut or goes silent, it is taken again as soon as the database answers.
  let released = false;
  let retryMs = RECLAIM_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** The connection holding the claim, or null while it is being taken again. */
  let holding: pg.Client | null = client;
  const lost = (held: pg.Client) => {
    if (released || held !== holding) return;
    holding = null;
    clearTimeout(heartbeat);
    // With a query unanswered, pg ends by destroying the socket: nothing waits on a silent path.
    void held.end().catch(() => {});
    timer = setTimeout(() => void reclaim(), retryMs);
  };
  const watch = (held: pg.Client) => held.once('end', () => lost(held));
  const beat = (held: pg.Client) => {
    heartbeat = setTimeout(() => {
      held.query('select 1').then(
        () => held === holding && beat(held),
        () => lost(held),
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };
  const reclaim = async () => {
    retryMs = Math.min(retryMs * 2, RECLAIM_MAX_MS);
    let next: pg.Client;
    try {
      next = await open();
    } catch {
      if (!released) timer = setTimeout(() => void reclaim(), retryMs);
      return;
    }
    if (released) return void next.end().catch(() => {});
    holding = client = next;
    // From here, this connection's end schedules the next try, whatever ends it.
    watch(next);
    try {
      if (await take(next)) {
        retryMs = RECLAIM_MIN_MS;
        beat(next);
        return;
      }
      log?.error('a restore is running on this database while this server serves it: stop the server until the restore has finished');
    } catch {
      // the connection failed again
    }
    await next.end().catch(() => {});
  };
  watch(client);
  beat(client);
  return {
    async release() {
      released = true;
      clearTimeout(timer);
      clearTimeout(heartbeat);
      await client.end().catch(() => {});
    },
  };
}

/**
 * A pooler in transaction mode (PgBouncer's `pool_mode = transaction`, Supavisor's port 6543, a
 * "pooled" address at Neon) runs each transaction on whichever PostgreSQL session is free. What
 * rides on a session would then belong to no one in particular: this claim (left held by a pooled
 * session after its server is gone, or shared with a restore that lands on that session) and the
 * page cache's LISTEN. Two connections that ever share a session, or one whose session changes,
 * can only be pooled that way, and the pooler reuses the session freed last, so a few questions
 * show it. A direct connection or a pooler in session mode never answers so.
 */
async function refuseTransactionPooling(first: pg.Client, open: () => Promise<pg.Client>): Promise<void> {
  const second = await open();
  try {
    const sessionOf = async (client: pg.Client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const firstSession = await sessionOf(first);
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = [await sessionOf(second), await sessionOf(first), await sessionOf(second)];
      if (a === firstSession || b !== firstSession || c === b || c !== a) {
        throw new SessionPoolerError(
          'DATABASE_URL reaches PostgreSQL through a connection pooler in transaction mode, which hands each transaction to any session: this site needs a session of its own (it holds a lock there while it runs, so that no restore replaces its database under it). Use the direct address of the database, or the pooler in session mode (Supabase: port 5432 rather than 6543; Neon: the address without "-pooler"; PgBouncer: pool_mode = session), and start again.',
        );
      }
    }
  } finally {
    await second.end().catch(() => {});
  }
}

/** How many servers hold their claim on this database. */
async function holders(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: number }>(
    `select count(*)::int as count from pg_locks
      where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and mode = 'ShareLock' and granted
        and database = (select oid from pg_database where datname = current_database())`,
    [...LOCK_KEY],
  );
  return rows[0]?.count ?? 0;
}
