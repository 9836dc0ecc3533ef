import type http from 'node:http';
import { unknownMigrations, type Db } from '../core/db/connect.ts';
import { unknownMigrationIn } from '../core/db/notices.ts';
import type { Logger } from '../core/logger.ts';

// Several instances on one PostgreSQL database are upgraded one at a time. Once the first has
// migrated the database, the others run code that does not know its schema: a column renamed
// fails their writes, data moved elsewhere makes them write where the newer version no longer
// reads (acknowledged, then lost). So an instance that learns of a migration it does not know
// stops: at once when the newer version says so, within seconds when it did not hear (its
// listening connection down, or no page cache to listen for). Its next start refuses, as any start
// on such a database does (docs/decisions/140, 143).

const CHECK_EVERY_MS = 5_000;

/** Said to a write that reaches an instance stopping for a newer version. */
export const UPGRADE_UNDER_WAY = 'The site is being upgraded to a new version, so nothing was saved. Please try again in a moment.';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface NewerVersionWatch {
  /** A notice heard from another instance (notices.ts). */
  heard(payload: string): void;
  /** Answers a write that arrives once a newer version is known, and returns true. */
  refused(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  stop(): void;
}

export function watchForNewerVersion({
  db,
  log,
  onFound,
  everyMs = CHECK_EVERY_MS,
}: {
  db: Db;
  log: Logger;
  /** Called once, when a migration this version does not know is found. */
  onFound: () => void;
  everyMs?: number;
}): NewerVersionWatch {
  let found = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function foundNewer(names: string[]): void {
    if (found || stopped) return;
    found = true;
    clearTimeout(timer);
    log.fatal(
      { migrations: names },
      `This database was changed by a newer version of the site (${names.join(', ')}) while this server was running on it, and this version cannot use it: this server stops. Writes that reach it from now on are refused; the requests under way are finished. Start the newer version here too.`,
    );
    onFound();
  }

  function check(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      unknownMigrations(db).then(
        (unknown) => (unknown.length > 0 ? foundNewer(unknown.map((migration) => migration.name)) : check()),
        // The database away is the outage handling's to say; looked at again when it is back.
        () => check(),
      );
    }, everyMs);
    timer.unref();
  }
  check();

  return {
    heard(payload) {
      const name = unknownMigrationIn(payload);
      if (name) foundNewer([name]);
    },
    refused(req, res) {
      if (!found || !WRITES.has(req.method ?? '')) return false;
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5', Connection: 'close' });
      res.end(JSON.stringify({ message: UPGRADE_UNDER_WAY }));
      return true;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
