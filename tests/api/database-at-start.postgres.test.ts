import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onPostgres, type FreshDatabase } from '../setup/databases.ts';
import { runScript } from '../setup/scripts.ts';
import { ADMIN, startServer } from '../setup/server.ts';
import { databaseUrl, testDatabaseName, withPostgres } from '../setup/site-templates.ts';
import { freePort } from '../setup/start-server.ts';
import { startTcpProxy } from '../setup/tcp-proxy.ts';

// A server started beside its database (a container, a machine's boot) and a DATABASE_URL typed
// wrong: the server waits for a database that is starting, and says in a sentence what to correct
// for one that will not answer (docs/decisions/134).

const fixtures = path.resolve(import.meta.dirname, '../fixtures/self-signed');

/** A fake PostgreSQL that answers a request for TLS with 'N' (none), or with TLS and a certificate signed by itself. */
async function fakePostgres(tlsAnswer: 'none' | 'self-signed'): Promise<{ port: number; close(): void }> {
  const context = tls.createSecureContext({
    key: fs.readFileSync(path.join(fixtures, 'key.pem')),
    cert: fs.readFileSync(path.join(fixtures, 'cert.pem')),
  });
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => {
      if (tlsAnswer === 'none') return void socket.write('N');
      socket.write('S');
      new tls.TLSSocket(socket, { isServer: true, secureContext: context }).on('error', () => {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

onPostgres('opening PostgreSQL at start', (postgres) => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await postgres.createSite();
  });
  afterAll(() => database?.drop());

  const siteEnv = (databaseUrl: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: database.dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  });
  const at = (port: number, query = '') => {
    const url = new URL(database.databaseUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return `${url.toString()}${query}`;
  };

  it('waits for a database that does not answer yet, and serves once it does', async () => {
    const port = await freePort();
    let output = () => '';
    const starting = startServer(siteEnv(at(port)), undefined, { whileStarting: (sofar) => (output = sofar) });
    // Answers only once the server has said it waits (a busy machine may take seconds to get there).
    await expect.poll(() => output(), { timeout: 30_000 }).toContain('Waiting for it, up to 60 s.');
    const relay = await startTcpProxy(database.databaseUrl!, port);
    try {
      const server = await starting;
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect(server.output()).toContain(`PostgreSQL at 127.0.0.1:${port}, the address in DATABASE_URL, does not answer (ECONNREFUSED).`);
        expect(server.output()).toContain('Waiting for it, up to 60 s.');
      } finally {
        await server.stop();
      }
    } finally {
      await relay.stop();
    }
  }, 90_000);

  it('stops after DATABASE_WAIT_SECONDS, saying where it looked', async () => {
    const port = await freePort();
    const started = performance.now();
    await expect(startServer(siteEnv(at(port), { DATABASE_WAIT_SECONDS: '2' }))).rejects.toThrow(
      `PostgreSQL at 127.0.0.1:${port}, the address in DATABASE_URL, does not answer (ECONNREFUSED). Is it running, and does it listen on that address and port?`,
    );
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('says at once that the database named does not exist, and how to make it', async () => {
    const url = new URL(database.databaseUrl!);
    url.pathname = '/club_no_such_database';
    const started = performance.now();
    // The log's JSON escapes the quotes around the name.
    await expect(startServer(siteEnv(url.toString()))).rejects.toThrow(
      `club_no_such_database\\" on PostgreSQL at ${url.hostname}:${url.port || 5432}. Create it (for example: createdb --owner=`,
    );
    expect(performance.now() - started, 'no waiting for what waiting does not mend').toBeLessThan(15_000);
    const backup = await runScript('backup', [], siteEnv(url.toString()));
    expect(backup.code).toBe(1);
    expect(backup.out).toContain('There is no database "club_no_such_database" on PostgreSQL');
  });

  it('says what to change when the database offers no TLS, or a certificate this machine cannot trust', async () => {
    const none = await fakePostgres('none');
    const selfSigned = await fakePostgres('self-signed');
    try {
      await expect(startServer(siteEnv(at(none.port, '?sslmode=require')))).rejects.toThrow(
        `DATABASE_URL asks for an encrypted connection (sslmode), and PostgreSQL at 127.0.0.1:${none.port} offers none.`,
      );
      await expect(startServer(siteEnv(at(selfSigned.port, '?sslmode=verify-full')))).rejects.toThrow(
        `PostgreSQL at 127.0.0.1:${selfSigned.port} answered with a certificate this machine cannot trust (self-signed certificate). Add the certificate of its authority to DATABASE_URL as sslrootcert=/path/to/ca.pem`,
      );
    } finally {
      none.close();
      selfSigned.close();
    }
  });

  it("names the statement that lets a user who does not own the database make the site's tables", async (context) => {
    // PostgreSQL 15 and later let only a database's owner make tables in it, and a database the
    // administrator made for another user is the administrator's.
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const version = await withPostgres(adminUrl, async (client) =>
      Number((await client.query('show server_version_num')).rows[0].server_version_num),
    );
    if (version < 150000) return context.skip('PostgreSQL before 15 lets every user make tables in a new database');
    const name = testDatabaseName('test');
    const user = `${name}_user`;
    await withPostgres(adminUrl, async (client) => {
      await client.query(`CREATE ROLE ${user} LOGIN PASSWORD 'volunteer-secret'`);
      await client.query(`CREATE DATABASE ${name}`);
    });
    const url = new URL(databaseUrl(adminUrl, name));
    url.username = user;
    url.password = 'volunteer-secret';
    try {
      await expect(startServer(siteEnv(url.toString()))).rejects.toThrow(
        `As PostgreSQL's administrator, make that user the database's owner (ALTER DATABASE \\"${name}\\" OWNER TO \\"${user}\\";), and start again.`,
      );
      // The statement the sentence gives, as given.
      await withPostgres(adminUrl, (client) => client.query(`ALTER DATABASE "${name}" OWNER TO "${user}";`));
      const server = await startServer(siteEnv(url.toString()));
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await server.stop();
    } finally {
      await withPostgres(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${user}`);
      });
    }
  });
});
