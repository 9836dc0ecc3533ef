import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Logger } from '../../core/logger.ts';

// Several instances on one PostgreSQL database keep their page caches coherent: each write is
// announced with NOTIFY, and every instance LISTENs on a connection of its own. While that
// connection is down an instance cannot hear the others, so it stops caching until it is back
// (docs/decisions/011-page-cache.md).

export const CHANNEL = 'club_page_cache';
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

export interface CoherenceOptions {
  url: string;
  /** This instance's id: its own announcements are not news to it. */
  instanceId: string;
  log: Logger;
  /** Another instance wrote. */
  onChange(): void;
  /** Listening or not; the cache is used only while listening. */
  onListening(listening: boolean): void;
}

export function listenForChanges(options: CoherenceOptions): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const lost = (error?: Error) => {
    if (closed) return;
    if (error) options.log.warn({ err: error }, 'page cache: lost the connection that hears other instances; caching paused');
    options.onListening(false);
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    dead?.on('error', () => {});
    dead?.end().catch(() => {});
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    // Loaded here, not at start: a SQLite site never needs the PostgreSQL client.
    const { Client } = createRequire(import.meta.url)('pg') as typeof pg;
    const next = new Client({ connectionString: options.url, keepAlive: true });
    next.on('error', (error) => lost(error));
    next.on('end', () => {
      if (client === next) lost(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== options.instanceId) options.onChange();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client = next;
      lost(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = RETRY_MIN_MS;
    // Writes made while we were not listening are unknown: start from an empty cache.
    options.onListening(true);
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
