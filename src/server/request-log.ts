import { REQUEST_MESSAGE, type Logger } from '../core/logger.ts';

// One log line per request is what whoever runs the site reads to see who came and what failed
// (Caddy, as deploy/Caddyfile sets it up, keeps no access log). But a burst (a message to every
// parent at once) or a flood of requests (a script, a scan of random addresses) made as many lines:
// each one JSON built and written on the main thread, then read and stored by journald on the same
// two cores. Measured on the cached home page (docs/decisions/146): a sixth to a fifth of the
// requests a second that the same server answered without them. So past LINES_PER_SECOND in a
// second, requests are counted by status instead, and said in one line when the second is over
// with the slowest's time. Failures and slow answers too: an overloaded server makes them by the
// thousand (503 "very busy"), and each failure's cause has a line of its own ('request failed').

/** Requests logged one by one in a second; the rest are counted, by status. */
const LINES_PER_SECOND = 100;

export interface RequestLine {
  requestId: string;
  method: string | undefined;
  path: string;
  status: number;
  durationMs: number;
}

export function createRequestLog(log: Logger, options: { perSecond?: number } = {}) {
  const perSecond = options.perSecond ?? LINES_PER_SECOND;
  let second = 0;
  let written = 0;
  let counted: Record<number, number> = {};
  let countedSince = 0;
  let slowestMs = 0;
  let flushTimer: NodeJS.Timeout | undefined;

  function flush(): void {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const total = Object.values(counted).reduce((sum, count) => sum + count, 0);
    if (total === 0) return;
    log.info(
      { notLoggedOneByOne: total, byStatus: counted, slowestMs, since: new Date(countedSince).toISOString() },
      `requests counted, not logged one by one (more than ${perSecond} a second)`,
    );
    counted = {};
    slowestMs = 0;
  }

  return {
    line(line: RequestLine): void {
      const at = Date.now();
      const thisSecond = Math.floor(at / 1000);
      if (thisSecond !== second) {
        flush();
        second = thisSecond;
        written = 0;
      }
      if (written < perSecond) {
        written++;
        log.info(line, REQUEST_MESSAGE);
        return;
      }
      if (Object.keys(counted).length === 0) countedSince = at;
      counted[line.status] = (counted[line.status] ?? 0) + 1;
      slowestMs = Math.max(slowestMs, line.durationMs);
      // Said once the second is over, even when no request comes after it.
      flushTimer ??= setTimeout(flush, 1000 - (at % 1000)).unref();
    },
    /** Says what is counted so far (at stop). */
    flush,
  };
}
