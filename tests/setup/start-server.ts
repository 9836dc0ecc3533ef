import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// Starting the real server for tests and for npm run bench; free of Vitest so scripts can use it.

const root = path.resolve(import.meta.dirname, '../..');

/** Whether nothing listens on `port` (0: any port) on 127.0.0.1 now; the port, or null. */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * Test files run two at a time, each in its own worker, and each picks ports for its servers. A
 * port the system hands one worker may be one the other's server has just let go during a
 * restart (which keeps its port): the second server then failed to listen, and its tests talked
 * to the other file's server (seen once in a full run: a fresh site that already held news). So
 * each worker picks from its own thousand ports, below the system's range for outgoing
 * connections (32768 and up on Linux), starting at a random place so that a port of the file
 * before (a server still stopping) is not the first tried. Outside Vitest (the bench), any port.
 */
const WORKER = Number(process.env.VITEST_POOL_ID ?? 0);
const WORKER_PORTS = 1000;
let nextPort = Math.floor(Math.random() * WORKER_PORTS);

/** Whether something accepts connections on `port` of 127.0.0.1 (a tool the tests started, once ready). */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** A port nothing listens on now, on 127.0.0.1 (in this test worker's own range). */
export async function freePort(): Promise<number> {
  if (!WORKER) {
    const port = await probe(0);
    if (port === null) throw new Error('No port is free on 127.0.0.1');
    return port;
  }
  for (let tried = 0; tried < WORKER_PORTS; tried++) {
    const port = 20_000 + WORKER * WORKER_PORTS + (nextPort++ % WORKER_PORTS);
    if ((await probe(port)) !== null) return port;
  }
  throw new Error(`No port is free in test worker ${WORKER}'s range`);
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM to the server's process group; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** How npm start runs the built server (dist-node/server/main.js). */
const BUILT_SERVER = {
  cwd: root,
  args: [
    '--max-semi-space-size=2',
    '--expose-gc',
    '--no-experimental-strip-types',
    '--conditions=club-built',
    path.join(root, 'dist-node/server/main.js'),
  ],
};

/**
 * Starts the built server as npm start does (or, for the bench, another command such as an earlier
 * version's), in its own process group, and waits for /healthz to answer 200 (or, with
 * `healthy: false`, to answer at all: a server that reports itself unwell). `port`: the port of a
 * server it replaces, as a restart keeps it. `logTo`: a file descriptor the server's standard
 * output and error go to instead of the test (whose `output()` is then empty).
 */
export async function startServer(
  env: Record<string, string | undefined>,
  command: { cwd: string; args: string[] } = BUILT_SERVER,
  {
    readyWithinMs = 60_000,
    healthy = true,
    port: fixedPort,
    logTo,
    via = [],
    endedWhen,
    whileStarting,
  }: {
    readyWithinMs?: number;
    healthy?: boolean;
    port?: number;
    logTo?: number;
    /** A command the server runs under (strace holding a folder, syscall-trace.ts), with its arguments. */
    via?: string[];
    /**
     * Output that says the process has ended, for a process that cannot exit (a thread held by
     * strace, `via`): the group is killed then, and the start fails with the output.
     */
    endedWhen?: string;
    /** Given the output so far as soon as the process runs, for a test that acts on what a start says before it serves. */
    whileStarting?: (output: () => string) => void;
  } = {},
): Promise<RunningServer> {
  const port = fixedPort ?? (await freePort());
  const [program, ...before] = [...via, process.execPath];
  const child = spawn(program, [...before, ...command.args], {
    cwd: command.cwd,
    detached: true,
    stdio: ['ignore', logTo ?? 'pipe', logTo ?? 'pipe'],
    // The allocator and V8 settings of npm start (docs/decisions/012-memory.md), so tests and the bench run as production does.
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      MALLOC_TRIM_THRESHOLD_: '131072',
      // A saved booking address is asked for its frame rules: only where a test serves the page
      // (tests never reach a host outside this machine).
      CHECK_BOOKING_PAGES: 'false',
      ...env,
      PORT: String(port),
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  whileStarting?.(() => output);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    if (endedWhen !== undefined && output.includes(endedWhen)) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`The server ended:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok || !healthy) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`The server did not answer /healthz within ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }

  return {
    url,
    port,
    process: child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
      return exited;
    },
  };
}
