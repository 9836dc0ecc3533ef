import pg from 'pg';

/** The local server the project's machines run (trust authentication for `postgres`). */
export const LOCAL_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The PostgreSQL to test on: TEST_DATABASE_URL when set, otherwise the local server when it
 * answers, so that a plain `npm test` tests both databases wherever PostgreSQL runs. Only on a
 * machine with none are the PostgreSQL suites left out (the run's last line says so); with
 * REQUIRE_POSTGRES=1 (CI) that is an error instead.
 */
export async function findTestPostgres(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: LOCAL_TEST_DATABASE_URL, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return LOCAL_TEST_DATABASE_URL;
  } catch {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(`REQUIRE_POSTGRES=1, but TEST_DATABASE_URL is not set and no PostgreSQL answers at ${LOCAL_TEST_DATABASE_URL}.`);
    }
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}
