import pg from 'pg';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Locks a PostgreSQL table until `release`: every request that reads it waits there for as long
 * as the test wants, so that who waits for what is certain rather than a matter of timing.
 */
export async function lockTable(databaseUrl: string, table: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${client.escapeIdentifier(table)} in access exclusive mode`);
  let released: Promise<void> | undefined;
  return {
    /** Resolves once some query waits for the lock. */
    async blocked(withinMs = 10_000) {
      const deadline = Date.now() + withinMs;
      while ((await client.query('select 1 from pg_locks where not granted')).rowCount === 0) {
        if (Date.now() > deadline) throw new Error(`nothing waited for ${table} within ${withinMs} ms`);
        await sleep(20);
      }
    },
    /** Commits and closes; again, does nothing. */
    release() {
      released ??= client.query('commit').then(
        () => client.end(),
        () => client.end(),
      );
      return released;
    },
  };
}
