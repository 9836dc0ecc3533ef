// Starts the website: validates the configuration, migrates the database, makes sure the
// configured administrator exists, then serves the built Astro app until SIGTERM or SIGINT.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { ConfigError, loadConfig } from '../core/config.ts';
import { createContext, setContext } from '../core/context.ts';
import { createLogger } from '../core/logger.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;
const SHUTDOWN_GRACE_MS = 10_000;
const entry = fileURLToPath(new URL('../../dist/server/entry.mjs', import.meta.url));

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const log = createLogger(config.logLevel);

if (!fs.existsSync(entry)) {
  log.fatal(`The site is not built (${entry} is missing). Run: npm run build`);
  process.exit(1);
}

const contextPromise = createContext(config, log);
setContext(contextPromise);
const app = await contextPromise.catch((error: unknown) => {
  log.fatal({ err: error }, 'could not open the database');
  process.exit(1);
});

if (config.bootstrapAdmin) {
  const { username, password } = config.bootstrapAdmin;
  const outcome = await app.admins.ensureExists(username, password);
  if (outcome === 'created') log.info({ username }, 'administrator created from ADMIN_USERNAME and ADMIN_PASSWORD');
}
if ((await app.admins.count()) === 0) {
  log.warn('No administrator exists yet. Create one with: npm run admin -- create <username>');
}

// Autostart would open its own server; this file owns the server so that it can drain it.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = (await import(entry)) as { handler: http.RequestListener };

// Pages, feeds, scripts and styles leave compressed (brotli or gzip); images are already compressed.
const compress = compression({ threshold: 1024 });

const server = http.createServer((req, res) => {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = requestId;
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    log.info(
      {
        requestId,
        method: req.method,
        // The path only: query strings may carry one-time upload signatures.
        path: (req.url ?? '').split('?')[0],
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      },
      'request',
    );
  });
  compress(req as never, res as never, () => handler(req, res));
});
server.keepAliveTimeout = 5_000;

const pruneTimer = setInterval(() => {
  app.auth.prune().catch((error: unknown) => log.warn({ err: error }, 'session pruning failed'));
}, 60 * 60_000);
pruneTimer.unref();

server.on('error', (error) => {
  log.fatal({ err: error }, 'the server could not start');
  process.exit(1);
});
const onListening = () => {
  log.info({ url: config.publicUrl, port: config.port, database: config.database.kind, timeZone: config.timeZone }, 'listening');
};
if (config.host) server.listen(config.port, config.host, onListening);
else server.listen(config.port, onListening);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
  clearInterval(pruneTimer);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive sockets that fall idle while we drain are closed as soon as they do.
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  server.closeIdleConnections();
  await closed;
  clearInterval(idleSweep);
  clearTimeout(force);
  await app.close();
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
