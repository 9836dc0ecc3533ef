import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { freePort, listening } from './start-server.ts';

// Debian's Caddy (scripts/ensure-test-tools.ts) in front of a test server, as docs/deploy.md sets
// it up, on loopback ports, with its internal certificate authority instead of Let's Encrypt.

const SITE_HOST = 'club.test';

export interface RunningCaddy {
  /** https://club.test:PORT, the site's public address through Caddy. */
  origin: string;
  port: number;
  /** Caddy's root certificate, for clients to trust. */
  ca: Buffer;
  stop(): Promise<void>;
}

/** The inside of a shipped Caddyfile's site block (compression, the proxy and its options), as shipped. */
function shippedSiteBlock(file: string): string {
  const shipped = fs.readFileSync(path.resolve(import.meta.dirname, '../../deploy', file), 'utf8');
  const block = /^club\.example\.org \{\n([\s\S]*)\n\}\s*$/m.exec(shipped);
  if (!block) throw new Error(`deploy/${file} no longer has the shape this harness reads`);
  return block[1]!;
}

/**
 * Caddy as `deploy/Caddyfile` sets it up in front of the server on `upstream` (a port), or as
 * another shipped file does in front of several: `upstream` then maps each address the file names
 * (`host-a:3000`) to the port of the test server in its place.
 */
export async function startCaddy(
  upstream: number | Record<string, number>,
  httpsPort: number,
  shippedFile = 'Caddyfile',
): Promise<RunningCaddy> {
  const upstreams = typeof upstream === 'number' ? { '127.0.0.1:3000': upstream } : upstream;
  let siteBlock = shippedSiteBlock(shippedFile);
  for (const [address, port] of Object.entries(upstreams)) siteBlock = siteBlock.replaceAll(address, `127.0.0.1:${port}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-caddy-'));
  const httpPort = await freePort();
  const caddyfile = path.join(folder, 'Caddyfile');
  fs.writeFileSync(
    caddyfile,
    `{
	admin off
	auto_https disable_redirects
	skip_install_trust
	local_certs
	storage file_system ${folder}/data
	http_port ${httpPort}
	https_port ${httpsPort}
}

https://${SITE_HOST}:${httpsPort} {
	bind 127.0.0.1
	tls internal
${siteBlock}
}
`,
  );
  const child: ChildProcess = spawn(process.env.CADDY_PATH || '/usr/bin/caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const root = path.join(folder, 'data/pki/authorities/local/root.crt');
  // Generous: the first start of a 36 MB binary from a busy disk once took longer than 20 s.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Caddy exited with ${child.exitCode}:\n${output}`);
    // Listening is not ready: the site's own certificate is issued after the authority's, and a
    // handshake before it answers an 'internal error' alert (seen once in a full run).
    if (fs.existsSync(root) && (await listening(httpsPort)) && (await handshakes(httpsPort, fs.readFileSync(root)))) break;
    if (Date.now() > deadline) throw new Error(`Caddy did not start within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `https://${SITE_HOST}:${httpsPort}`,
    port: httpsPort,
    ca: fs.readFileSync(root),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request to club.test through Caddy, trusting only Caddy's root certificate; `from` is the
 * local address to connect from (127.0.0.2, 127.0.0.3…: different visitors on loopback).
 */
export function viaCaddy(
  caddy: RunningCaddy,
  method: string,
  pathname: string,
  options: { headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: SITE_HOST,
        port: caddy.port,
        path: pathname,
        method,
        ca: caddy.ca,
        headers: options.headers,
        ...(options.from && { localAddress: options.from }),
        // club.test is not in any DNS: it is this machine.
        lookup: (_host, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
          else (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

function handshakes(port: number, ca: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: SITE_HOST, ca }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
