import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { closingSilentConnections } from './postgres-pool.ts';

class Answered extends Error {}

/** A pool of one connection that records how each checkout was handed back. */
function fakePool(failWith: () => Error | null, prepare?: (client: pg.PoolClient) => Promise<unknown>) {
  const released: boolean[] = [];
  const client = {
    processID: 42,
    query: () => {
      const error = failWith();
      return error ? Promise.reject(error) : Promise.resolve({ rows: [], command: 'SELECT', rowCount: 0 });
    },
    release: (destroy?: boolean) => released.push(destroy === true),
  };
  const pool = { options: {}, connect: () => Promise.resolve(client), end: () => Promise.resolve() } as unknown as pg.Pool;
  return { pool: closingSilentConnections(pool, (error) => error instanceof Answered, prepare), released };
}

describe('closingSilentConnections', () => {
  it('closes a connection whose query got no answer, and keeps one that got an error from the database', async () => {
    let next: Error | null = null;
    const { pool, released } = fakePool(() => next);
    const use = async () => {
      const client = await pool.connect();
      await client.query('select 1', []).catch(() => undefined);
      client.release();
    };
    next = new Answered('duplicate key');
    await use();
    next = new Error('Query read timeout');
    await use();
    next = null;
    await use();
    expect(released).toEqual([false, true, false]);
  });

  it('passes on what Kysely reads and asks for', async () => {
    const { pool, released } = fakePool(() => null);
    const client = await pool.connect();
    expect((client as unknown as { processID: number }).processID).toBe(42);
    expect(await pool.connect()).toBe(client);
    client.release(true);
    expect(released).toEqual([true]);
  });

  it("sets up each connection's session once, before its first use, and drops one that could not be set up", async () => {
    const prepared: string[] = [];
    let refuse = true;
    const { pool, released } = fakePool(
      () => null,
      async () => {
        prepared.push(refuse ? 'refused' : 'set');
        if (refuse) throw new Error('Connection terminated');
      },
    );
    await expect(pool.connect()).rejects.toThrow('Connection terminated');
    expect(released).toEqual([true]);
    refuse = false;
    for (let use = 0; use < 3; use++) (await pool.connect()).release();
    expect(prepared).toEqual(['refused', 'set']);
    expect(released).toEqual([true, false, false, false]);
  });
});
