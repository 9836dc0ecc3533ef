import fs from 'node:fs';
import type http from 'node:http';
import type net from 'node:net';
import type { Logger } from '../../core/logger.ts';
import { addressGroup } from '../../core/shared/addresses.ts';

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

export interface ConnectionLimits {
  total: number;
  /** Per address group; null when a trusted proxy is the only client (its own limits apply). */
  perAddress: number | null;
}

/**
 * Caps the connections `server` holds: past `total` (or the open-files limit less RESERVED_FILES)
 * Node closes each new one at once; past `perAddress` from one address group, so is the new one.
 * A warning says so, at most once a minute. Returns the cap in force.
 */
export function limitConnections(server: http.Server, limits: ConnectionLimits, log: Logger): number {
  const cap = connectionCap(limits.total, readOwnFilesLimit());
  if (cap < limits.total) log.warn({ setting: limits.total, cap }, `MAX_CONNECTIONS lowered to ${cap}: the process may open few files`);
  server.maxConnections = cap;

  const open = new Map<string, number>();
  let refused = 0;
  let busiest: string | undefined;
  let warned = 0;
  const refuse = (group: string | undefined) => {
    refused++;
    busiest = group;
    const now = Date.now();
    if (now - warned < WARN_EVERY_MS) return;
    warned = now;
    log.warn({ refused, lastAddress: busiest, cap, perAddress: limits.perAddress }, 'connections refused: too many at once');
    refused = 0;
  };
  server.on('drop', (data?: net.DropArgument) => refuse(data?.remoteAddress ? addressGroup(data.remoteAddress) : undefined));

  const perAddress = limits.perAddress;
  if (perAddress === null) return cap;
  // Before Node's own connection handler: a refused socket never gets an HTTP parser.
  server.prependListener('connection', (socket: net.Socket) => {
    const group = addressGroup(socket.remoteAddress ?? '');
    const held = open.get(group) ?? 0;
    if (held >= perAddress) {
      socket.destroy();
      refuse(group);
      return;
    }
    open.set(group, held + 1);
    socket.once('close', () => {
      const left = (open.get(group) ?? 1) - 1;
      if (left > 0) open.set(group, left);
      else open.delete(group);
    });
  });
  return cap;
}
