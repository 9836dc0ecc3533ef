// Starts the website: validates the configuration, migrates the database, makes sure the
// configured administrator exists, then serves the built Astro app until SIGTERM or SIGINT.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { type Config, ConfigError, loadConfig } from '../core/config.ts';
import { restoreAdvice } from '../core/backup/backup-files.ts';
import { UpgradeBackupError } from '../core/backup/backups.ts';
import { NewerDatabaseError } from '../core/backup/newer-version.ts';
import { createContext, setContext } from '../core/context.ts';
import { claimDatabase, ClaimError } from '../core/db/claim.ts';
import { openingSentence, openWhenAnswering } from '../core/db/opening-problems.ts';
import { damageIn, findDamage } from '../core/db/damage.ts';
import { forgetfulWarning } from '../core/disk/disk-space.ts';
import { NOT_ANSWERING_WHY, someFolderHangs } from '../core/disk/folder-gate.ts';
import { ignoreOutputFailures } from '../core/log-output.ts';
import { createLogger, sayCountedLines } from '../core/logger.ts';
import { startMaintenance } from '../core/maintenance.ts';
import { startBookingPageChecks } from './booking-page-checks.ts';
import { createRequestLog } from './request-log.ts';
import { allowGivingBackRoom } from '../core/db/room.ts';
import { answeringWith } from '../core/shared/answer-room.ts';
import { ValidationError } from '../core/shared/errors.ts';
import { requireBackupFolderOwner, requireFolderOwner, WrongUserError } from '../core/shared/folder-owner.ts';
import { sql } from 'kysely';
import { nextMidnight } from '../core/shared/time.ts';
import { BUILD_LOCK, BUILD_RUNNING_HERE } from './build-lock.ts';
import { type FileLock, lockFile } from '../core/shared/file-lock.ts';
import { keepAliveMs, limitConnections } from './http/connection-limits.ts';
import { createDrain } from './http/drain.ts';
import { COMPRESS_MIN_BYTES } from './http/encoding.ts';
import { ALLOWED_METHODS, createFrontDoor, logPathOf } from './http/front-door.ts';
import { listenFailure } from './listen-failure.ts';
import { createSetupChecks } from './http/setup-checks.ts';
import { CLIENT_LEFT } from './http/responses.ts';
import { loadStaticFiles } from './http/static-files.ts';
import { CHANNEL } from '../core/db/notices.ts';
import { listenForChanges } from './page-cache/coherence.ts';
import { watchForNewerVersion } from './newer-version-watch.ts';
import { routedSegments } from './page-cache/cacheable.ts';
import { createPageCache } from './page-cache/page-cache.ts';
import { startMemoryRelief } from './memory-relief.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;
const SHUTDOWN_GRACE_MS = 10_000;
const entry = fileURLToPath(new URL('../../dist/server/entry.mjs', import.meta.url));
// From src/server/ or, built, from dist-node/server/ (scripts/compile-server.ts): both two folders down.
const pagesDir = fileURLToPath(new URL('../../src/pages', import.meta.url));
const staticDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
ignoreOutputFailures();
const config = configOrExit();
const log = createLogger(config.logLevel);
/** Ends the process; one whose file thread waits on a folder that does not answer cannot end by itself (144). */
function exitNow(code: number): never {
  if (someFolderHangs()) {
    log.warn(`a folder does not answer (${NOT_ANSWERING_WHY}): the process ends without waiting for it`);
    process.kill(process.pid, 'SIGKILL');
  }
  process.exit(code);
}
try {
  requireFolderOwner([config.dataDir], 'npm start');
  if (!(await requireBackupFolderOwner(config.backup.dir, 'npm start')))
    log.error({ dir: config.backup.dir }, `the backup folder does not answer (${NOT_ANSWERING_WHY}); the site starts without it`);
} catch (error) {
  if (!(error instanceof WrongUserError)) throw error;
  log.fatal(error.message);
  process.exit(1);
}

const development = config.env === 'development';
// Kept for the process's life: a build waits until this server has stopped, and one under way keeps it from starting.
const builtFilesHeld = development ? undefined : holdBuiltFiles();
if (builtFilesHeld === null) {
  log.fatal(BUILD_RUNNING_HERE);
  process.exit(1);
}

/** The build lock, shared; null when a build holds it; undefined in a folder where no lock can be made (nothing can be built there either). */
function holdBuiltFiles(): FileLock | null | undefined {
  try {
    return lockFile(BUILD_LOCK, 'shared');
  } catch (error) {
    log.warn({ err: error }, `could not make ${BUILD_LOCK} (a read-only folder?): a build here would not wait for this server`);
    return undefined;
  }
}
if (!development && !fs.existsSync(entry)) {
  log.fatal(`The site is not built (${entry} is missing). Run: npm run build`);
  process.exit(1);
}

// Before anything touches the database: a restore under way there must not be served or migrated.
// A server started beside its database (a container, a machine's boot) waits for it to answer.
const database = config.database;
const claim = await (
  database.kind === 'postgres'
    ? openWhenAnswering(
        () => claimDatabase(database, 'server', log),
        database.url,
        database.waitMs ?? 0,
        (sentence) => log.warn(sentence),
      )
    : claimDatabase(database, 'server', log)
).catch((error: unknown) => {
  if (error instanceof ClaimError) log.fatal(error.message);
  else log.fatal({ err: error }, openingSentence(error, database) ?? 'could not open the database');
  process.exit(1);
});
const contextPromise = createContext(config, log);
setContext(contextPromise);
const app = await contextPromise.catch(async (error: unknown) => {
  const damage = damageIn(error);
  if (damage)
    log.fatal({ err: error, problems: damage }, `the database is damaged and cannot be opened: ${await restoreAdvice(config.backup.dir)}`);
  else if (error instanceof UpgradeBackupError) log.fatal({ err: error.cause }, error.message);
  else if (error instanceof NewerDatabaseError) log.fatal(`The site was not started. ${error.message}`);
  else log.fatal({ err: error }, openingSentence(error, database) ?? 'could not open the database');
  exitNow(1);
});
// A damaged page fails only the reads that reach it: looked for now, the health check and the log
// say so at once, not when a visitor or the nightly backup first meets it.
const damage = await findDamage(app.db, config.database.kind);
if (damage.length > 0) app.damage.note(damage);
// A folder in memory or in a container's own layer loses the whole site at the next restart or
// deploy, and nothing else would say so until then: said at every start.
for (const place of await app.disk.forgetful().catch(() => [])) log.warn({ dir: place.dir, holds: place.holds }, forgetfulWarning(place));
// Once, for a file made before it could give back the room of deleted rows (docs/decisions/060):
// never over damage, which a rewrite could spread or fail on.
if (config.database.kind === 'sqlite' && damage.length === 0) {
  await allowGivingBackRoom(app.db, config.database.file, log).catch((error: unknown) =>
    log.warn({ err: error }, 'the database could not be set to give back room; it runs as before'),
  );
}
// Creates claimed by a process that died (this one alone has the SQLite file: 040) may run again
// at once; on PostgreSQL another instance may be running them, so they wait their minute.
if (config.database.kind === 'sqlite') {
  await app.idempotency.releaseUnanswered().catch((error: unknown) => log.warn({ err: error }, 'unanswered creates could not be released'));
}
/** A start-up step that meets the damage is skipped (and noted): the site serves what it still can. */
const unlessDamaged = (error: unknown): void => {
  const met = damageIn(error);
  if (!met) throw error;
  app.damage.note(met);
};

if (config.bootstrapAdmin) {
  const { username, password } = config.bootstrapAdmin;
  const outcome = await app.admins.ensureExists(username, password).catch((error: unknown) => {
    if (!(error instanceof ValidationError)) return unlessDamaged(error);
    log.fatal(`ADMIN_USERNAME and ADMIN_PASSWORD: ${error.message} Nothing was created; choose another and start again.`);
    process.exit(1);
  });
  if (outcome === 'created') log.info({ username }, 'administrator created from ADMIN_USERNAME and ADMIN_PASSWORD');
}
if ((await app.admins.count().catch(unlessDamaged)) === 0) {
  log.warn('No administrator exists yet. Create one with: npm run admin -- create <username>');
}

// Libraries read NODE_ENV when first loaded (React picks its production or development build),
// and they load with the app below: this makes production, the default, reach all of them.
process.env.NODE_ENV = config.env;
const devServer = development ? await (await import('./dev-handler.ts')).startDevHandler(config.port) : undefined;
const { handler } = devServer ?? ((await import(entry)) as { handler: http.RequestListener });

const instanceId = randomUUID();
/** Tells the other instances on the same PostgreSQL database that a write changed what pages show. */
const announceWrite =
  config.database.kind === 'postgres'
    ? () => {
        sql`select pg_notify(${CHANNEL}, ${instanceId})`.execute(app.db).catch((error: unknown) => {
          log.warn({ err: error }, 'page cache: could not tell other instances about a write');
        });
      }
    : undefined;
const pageCache = createPageCache({
  // Development renders every page: an edited component shows on the next reload.
  maxBytes: development ? 0 : config.pageCacheBytes,
  log,
  // Random addresses (scanners, typos) get the one stored not-found page instead of a render each.
  routed: development ? null : routedSegments(pagesDir, staticDir),
  // Pages that show events change when the next one starts (it becomes past), pages that show
  // news when the next item written for later is published, and all at midnight.
  async nextChange(now) {
    const [start, publication] = await Promise.all([app.events.nextStartAfter(now), app.news.nextPublicationAfter(now)]);
    return [start, publication].reduce<Date>((soonest, at) => (at && at < soonest ? at : soonest), nextMidnight(now, config.timeZone));
  },
  announce: announceWrite,
});
// Another instance upgraded the database under this one (docs/decisions/143): it stops.
const newerVersion =
  config.database.kind === 'postgres'
    ? watchForNewerVersion({ db: app.db, log, onFound: () => void shutdown('a newer version changed the database', 1) })
    : null;
const coherence =
  config.database.kind === 'postgres' && config.pageCacheBytes > 0 && !development
    ? (pageCache.setCoherent(false),
      listenForChanges({
        url: config.database.url,
        instanceId,
        log,
        onChange: (payload) => {
          pageCache.invalidate();
          newerVersion?.heard(payload);
        },
        onListening: (listening) => pageCache.setCoherent(listening),
      }))
    : null;

// News stored under older cleaning rules is cleaned again, in the background: until then pages
// clean those rows as they show them, without their pictures' files. Pages kept meanwhile link
// pictures by what they were, so they are rendered anew once it is done.
app.news
  .recleanStale()
  .then(({ cleaned, failed }) => {
    if (cleaned > 0) {
      log.info({ count: cleaned }, 'news content cleaned again under the current rules');
      pageCache.invalidate();
      announceWrite?.();
    }
    for (const { id, error } of failed) log.warn({ err: error, id }, 'could not clean a news item again; tried again at the next start');
  })
  .catch((error: unknown) => log.warn({ err: error }, 'could not clean stored news content again; pages clean it as they show it'));

// The build's scripts, styles and public files, from memory (development serves its own).
const staticFiles = development ? null : loadStaticFiles(staticDir);

// Pages, feeds, scripts and styles leave compressed (brotli or gzip); images are already compressed.
// What reaches this is compressed anew for each request (the page cache keeps its own, made once
// at brotli 9): brotli 3 with a 256 KB window costs a quarter of the CPU of the library's
// default (quality 4, 4 MB window, whose buffers are allocated and cleared for every answer) for
// answers about 4 % larger (docs/decisions/025).
const compress = compression({
  threshold: COMPRESS_MIN_BYTES,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
});

const checkSetup = createSetupChecks(config, log);
const front = createFrontDoor({ secure: config.publicUrl.startsWith('https:'), bodyIdleTimeoutMs: config.bodyIdleTimeoutMs, log });

const drain = createDrain();
const requestLog = createRequestLog(log);
const server = http.createServer((req, res) => {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = requestId;
  const started = process.hrtime.bigint();
  const method = req.method;
  // On close rather than finish: a request whose client hung up before its answer was sent is
  // logged too, with the status nginx gives that case.
  res.on('close', () => {
    requestLog.line({
      requestId,
      method,
      path: logPathOf(req),
      status: front.statusOnSocket(res) ?? (res.writableFinished ? res.statusCode : CLIENT_LEFT),
      durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
    });
  });
  drain.track(res);
  if (front.answered(req, res)) return;
  if (newerVersion?.refused(req, res)) return;
  checkSetup(req);
  front.cutOffStalledBodies(req, res);
  // A HEAD request is rendered as a GET, so that it carries the same ETag and length; Node
  // knows from the request line that it is HEAD and sends no body.
  if (req.method === 'HEAD') req.method = 'GET';
  if (staticFiles?.handle(req, res)) return;
  pageCache.watchWrites(req, res);
  answeringWith(res, () => {
    if (pageCache.handle(req, res, handler)) return;
    compress(req as never, res as never, () => handler(req, res));
  });
});
// CONNECT (a proxy tunnel) never reaches the request handler: Node hands over the raw socket.
server.on('connect', (_req, socket) => {
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(', ')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
});
if (devServer) server.on('upgrade', devServer.upgrade);
limitConnections(server, config.connections, log);
server.keepAliveTimeout = keepAliveMs(config.trustProxy);
server.headersTimeout = 20_000;
// The whole request, body included; a stalled body is cut off much sooner (BODY_IDLE_TIMEOUT_SECONDS).
server.requestTimeout = 180_000;

const stopMemoryRelief = startMemoryRelief(server, log);
const stopBackups = app.backups.start();
const stopMaintenance = startMaintenance(app, log);
const stopBookingChecks = config.checkBookingPages
  ? startBookingPageChecks({
      recheck: () => app.events.recheckBookingPages(),
      changed: () => {
        pageCache.invalidate();
        announceWrite?.();
      },
      log,
    })
  : () => {};

server.on('error', (error: NodeJS.ErrnoException) => {
  log.fatal({ err: error }, listenFailure(error, config) ?? 'the server could not start');
  process.exit(1);
});
const onListening = () => {
  log.info({ url: config.publicUrl, port: config.port, database: config.database.kind, timeZone: config.timeZone }, 'listening');
};
if (config.host) server.listen(config.port, config.host, onListening);
else server.listen(config.port, onListening);

let stopping = false;
/** Stops serving; `code` 1 when something else than a signal stopped it, so that systemd says it failed. */
async function shutdown(signal: string, code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
  newerVersion?.stop();
  stopMaintenance();
  stopBookingChecks();
  stopMemoryRelief();
  stopBackups();
  // Not awaited: a connection to a database that stopped answering must not hold up the drain.
  void coherence?.close();
  drain.start();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive sockets that fall idle while we drain are closed as soon as they do.
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  server.closeIdleConnections();
  await closed;
  await devServer?.stop();
  clearInterval(idleSweep);
  clearTimeout(force);
  await app.close();
  await claim.release();
  builtFilesHeld?.release();
  requestLog.flush();
  sayCountedLines(log);
  log.info('stopped');
  exitNow(code);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
