import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * The pool as Kysely uses it, except that a connection on which a query failed without an
 * answer from PostgreSQL (pg's own `query_timeout`, a broken socket) is closed when it is handed
 * back. pg keeps such a connection, with the unanswered query still ahead of any other: if its
 * path went silent for good (the database failed over, a firewall or NAT forgot it), every later
 * query on it waits and fails the same way, and under steady traffic the pool hands it out again
 * and again (it never idles long enough to be dropped) until TCP gives up, some fifteen minutes
 * later. An error PostgreSQL itself sent (a constraint, a cancelled statement) leaves the
 * connection healthy and in the pool.
 */
export function closingSilentConnections(
  pool: pg.Pool,
  isAnswer: (error: unknown) => boolean,
  /** Run once on each new connection before its first use (its session's settings). */
  prepare?: (client: pg.PoolClient) => Promise<unknown>,
): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const suspect = new WeakSet<pg.PoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // The cursor form of query() (Kysely's streaming) is not offered: the site streams nothing.
    const query = async (text: string, parameters: readonly unknown[]) => {
      try {
        return await client.query(text, [...parameters]);
      } catch (error) {
        if (!isAnswer(error)) suspect.add(client);
        throw error;
      }
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      release(destroy?: boolean) {
        const close = destroy === true || suspect.has(client);
        suspect.delete(client);
        client.release(close);
      },
      // Kysely reads it to cancel a query it was told to abort.
      get processID() {
        return (client as { processID?: number }).processID;
      },
    } as PostgresPoolClient;
  };
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        try {
          await prepare?.(client);
        } catch (error) {
          client.release(true);
          throw error;
        }
        wrappers.set(client, (wrapper = wrap(client)));
      }
      return wrapper;
    },
  };
}
