import { createRequire } from 'node:module';
import type pg from 'pg';
import { CHANNEL } from '../../core/db/notices.ts';
import type { Logger } from '../../core/logger.ts';

// Several instances on one PostgreSQL database keep their page caches coherent: each write is
// announced with NOTIFY, and every instance LISTENs on a connection of its own. While that
// connection is down an instance cannot hear the others, so it stops caching until it is back
// (docs/decisions/011-page-cache.md).

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;
/**
 * A connection that only listens is idle, and an idle connection can die without a word (a NAT or
 * firewall forgetting it, a network gone silent): the instance would go on caching, deaf to the
 * others' writes, for up to a minute (the cache's backstop). So it asks the database something
 * every 2 s and counts the connection lost when no answer comes within 3 s (time for a busy
 * database; a tighter bound would pause caching when load is highest). The traffic also keeps the
 * connection alive through such middleboxes.
 */
const HEARTBEAT_MS = 2_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
const CONNECT_TIMEOUT_MS = 5_000;

export interface CoherenceOptions {
  url: string;
  /** This instance's id: its own announcements are not news to it. */
  instanceId: string;
  log: Logger;
  /** Another instance wrote, or migrated the database (`payload`: notices.ts). */
  onChange(payload: string): void;
  /** Listening or not; the cache is used only while listening. */
  onListening(listening: boolean): void;
}

export function listenForChanges(options: CoherenceOptions): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (error?: Error) => {
    if (closed) return;
    clearTimeout(heartbeat);
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
    const next = new Client({
      connectionString: options.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    next.on('error', (error) => lost(error));
    next.on('end', () => {
      if (client === next) lost(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== options.instanceId) options.onChange(message.payload ?? '');
    });
    try {
      await next.connect();
      // The heartbeat's own limit is not yet running: a path gone silent here must not hold it for ever.
      const listen: pg.QueryConfig & { query_timeout: number } = { text: `LISTEN ${CHANNEL}`, query_timeout: CONNECT_TIMEOUT_MS };
      await next.query(listen);
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
    beat(next);
  }

  function beat(listening: pg.Client): void {
    heartbeat = setTimeout(() => {
      let answered = false;
      listening.query('SELECT 1').then(
        () => {
          answered = true;
          if (client !== listening) return;
          clearTimeout(heartbeat);
          beat(listening);
        },
        (error: unknown) => client === listening && lost(error as Error),
      );
      // Judged once the sockets were read: after a stall of the whole process (a paused VM, a
      // starved or stopped process), timers run before the answer that came meanwhile is read,
      // and a connection that answered would be counted lost, emptying the cache for nothing.
      heartbeat = setTimeout(
        () =>
          setImmediate(() => {
            if (!answered && client === listening) lost(new Error(`no answer to the heartbeat within ${HEARTBEAT_TIMEOUT_MS} ms`));
          }),
        HEARTBEAT_TIMEOUT_MS,
      );
    }, HEARTBEAT_MS);
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(heartbeat);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
