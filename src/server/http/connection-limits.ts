import fs from 'node:fs';
import type http from 'node:http';
import type net from 'node:net';
import type { Logger } from '../../core/logger.ts';
import { addressGroup } from '../../core/shared/addresses.ts';
import { SITE_BUSY } from './responses.ts';

// Each open connection holds a file descriptor and about 8 KB, even one that never finishes its
// request (the headers' 20 s only start a clock). Measured 2026-11-27: 15,000 such connections took
// the server from 140 to 265 MB, and at the process's open-files limit new visitors could not
// connect at all and no file (a photo, a backup) could be opened. So connections are capped below
// that limit, and one address (an IPv6 /64) may hold only so many of them (docs/decisions/069).

/** Descriptors kept back from connections for the database, photos, backups and logs. */
export const RESERVED_FILES = 256;
const WARN_EVERY_MS = 60_000;

/** The soft "Max open files" of a /proc/PID/limits text, or null when it says unlimited or is absent. */
export function openFilesLimit(limits: string): number | null {
  const match = /^Max open files\s+(\S+)/m.exec(limits);
  const value = Number(match?.[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** How many connections the server takes at once: the setting, or fewer when the open-files limit is lower. */
export function connectionCap(setting: number, filesLimit: number | null): number {
  if (filesLimit === null) return setting;
  return Math.max(1, Math.min(setting, filesLimit - RESERVED_FILES));
}

function readOwnFilesLimit(): number | null {
  try {
    return openFilesLimit(fs.readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null; // not Linux: the setting alone
  }
}

/**
 * How long an idle kept-alive connection stays open. A browser's: 5 s, so that an address's share
 * (069) frees soon. A proxy's: longer than any usual proxy keeps its own (Caddy 2 minutes, nginx
 * and cloud balancers 60 s), so that the proxy closes first. The other way round, a request the
 * proxy sends just as the server closes meets a closed connection, and the proxy answers the
 * visitor 502 rather than send a POST again (docs/decisions/119).
 */
export function keepAliveMs(trustProxy: boolean): number {
  return trustProxy ? 150_000 : 5_000;
}

export interface ConnectionLimits {
  total: number;
  /** Per address group; null when a trusted proxy is the only client (its own limits apply). */
  perAddress: number | null;
}

/** How long a turned-away connection may take to read its answer before it is closed regardless. */
const TURN_AWAY_MS = 1000;
const BUSY_ANSWER = Buffer.from(
  `HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n` +
    `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(SITE_BUSY)}\r\nConnection: close\r\n\r\n${SITE_BUSY}`,
);

/**
 * Caps the connections `server` holds: past `total` (or the open-files limit less RESERVED_FILES),
 * or past `perAddress` from one address group, a new connection is answered 503 with SITE_BUSY
 * without its request being read, and closed. A warning says so, at most once a minute. Node's own
 * `maxConnections` stays above, at the open-files limit, for connections turned away faster than
 * they close. Call before anything else listens for connections. Returns the cap in force.
 */
export function limitConnections(server: http.Server, limits: ConnectionLimits, log: Logger): number {
  const filesLimit = readOwnFilesLimit();
  const cap = connectionCap(limits.total, filesLimit);
  if (cap < limits.total) log.warn({ setting: limits.total, cap }, `MAX_CONNECTIONS lowered to ${cap}: the process may open few files`);
  if (filesLimit !== null) server.maxConnections = Math.max(cap, filesLimit - RESERVED_FILES / 2);

  let refused = 0;
  let warned = 0;
  const refuse = (group: string | undefined) => {
    refused++;
    const now = Date.now();
    if (now - warned < WARN_EVERY_MS) return;
    warned = now;
    log.warn({ refused, lastAddress: group, cap, perAddress: limits.perAddress }, 'connections refused: too many at once');
    refused = 0;
  };
  server.on('drop', (data?: net.DropArgument) => refuse(data?.remoteAddress ? addressGroup(data.remoteAddress) : undefined));

  // Node's own listener gives a connection its HTTP parser: only connections kept reach it.
  const parsers = server.listeners('connection') as ((socket: net.Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  const byGroup = new Map<string, number>();
  server.on('connection', (socket: net.Socket) => {
    const group = addressGroup(socket.remoteAddress ?? '');
    const held = byGroup.get(group) ?? 0;
    if (open >= cap || (limits.perAddress !== null && held >= limits.perAddress)) {
      turnAway(socket);
      refuse(group);
      return;
    }
    open++;
    byGroup.set(group, held + 1);
    socket.once('close', () => {
      open--;
      const left = (byGroup.get(group) ?? 1) - 1;
      if (left > 0) byGroup.set(group, left);
      else byGroup.delete(group);
    });
    for (const parse of parsers) parse.call(server, socket);
  });
  return cap;
}

/**
 * The answer, then the end. What the client sends meanwhile is read and dropped: closing a socket
 * with unread bytes resets it, and the client would lose the answer.
 */
function turnAway(socket: net.Socket): void {
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.end(BUSY_ANSWER);
  setTimeout(() => socket.destroy(), TURN_AWAY_MS).unref();
}
