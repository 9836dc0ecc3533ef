import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, listening } from './start-server.ts';

// Debian's PgBouncer (scripts/ensure-test-tools.ts) between a test server and the run's
// PostgreSQL, as a host's pooled address puts one: in session mode (a session of PostgreSQL for
// each connection, for as long as it lasts) or in transaction mode (any session, each transaction).

export interface RunningPooler {
  /** `databaseUrl` (a database of the run's PostgreSQL) as reached through the pooler. */
  viaPooler(databaseUrl: string): string;
  stop(): Promise<void>;
}

/** The account PgBouncer runs as: it refuses to run as root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const accounts = fs.readFileSync('/etc/passwd', 'utf8').split('\n');
  const line = accounts.find((entry) => entry.startsWith('postgres:')) ?? accounts.find((entry) => entry.startsWith('nobody:'));
  if (!line) throw new Error('PgBouncer does not run as root, and there is no postgres or nobody account to run it as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPooler(postgresUrl: string, mode: 'session' | 'transaction'): Promise<RunningPooler> {
  const target = new URL(postgresUrl);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(target.username || 'postgres');
  const login = [
    `host=${target.hostname}`,
    `port=${target.port || 5432}`,
    `user=${user}`,
    ...(target.password ? [`password=${decodeURIComponent(target.password)}`] : []),
  ].join(' ');
  // With `trust`, PgBouncer still admits only the users its file names.
  fs.writeFileSync(path.join(folder, 'users.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(folder, 'pgbouncer.ini'),
    `[databases]
* = ${login}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${folder}/users.txt
pool_mode = ${mode}
default_pool_size = 20
max_client_conn = 200
logfile =
pidfile =
`,
  );
  const account = runAs();
  if (account) spawnSync('chown', ['-R', `${account.uid}:${account.gid}`, folder]);
  fs.chmodSync(folder, 0o755);
  const child: ChildProcess = spawn(process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer', [path.join(folder, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(account ?? {}),
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`PgBouncer did not listen within 20 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    viaPooler(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      url.password = '';
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
