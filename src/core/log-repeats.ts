// A line said for each request that meets the same trouble (the database unavailable, a client
// that left before its turn) was written as often as requests came: a burst during a database
// outage wrote a stack trace per request, past the request log's own limit (docs/decisions/146).
// So past LINES_PER_MESSAGE in a second, lines with the same message are counted, and said in one
// line when the second is over (docs/decisions/147).

/** Lines of one message written one by one in a second; the rest are counted. */
const LINES_PER_MESSAGE = 10;

/** Messages counted at once; past that (a message built from changing words), lines are written. */
const MESSAGES_AT_MOST = 1_000;

/** Request ids of the counted lines kept for the count's line, the first ones of the second. */
const REQUEST_IDS_KEPT = 5;

export interface RepeatsCounted {
  level: number;
  message: string;
  count: number;
  since: number;
  /** The first counted lines' request ids, so that some can be followed in the request log. */
  requestIds: string[];
}

export interface RepeatLimit {
  /** Whether this line is written; false when it is counted instead. */
  allow(level: number, message: string | undefined, requestId?: unknown): boolean;
  /** Says what is counted so far (at the end of each second, and at stop). */
  flush(): void;
}

export function createRepeatLimit(options: {
  /** Says lines counted past the limit: called with none of them written. */
  say: (counted: RepeatsCounted) => void;
  /** Messages with a limit of their own (the request log's). */
  exempt?: ReadonlySet<string>;
  perSecond?: number;
}): RepeatLimit {
  const perSecond = options.perSecond ?? LINES_PER_MESSAGE;
  let second = 0;
  let counts = new Map<string, Pick<RepeatsCounted, 'level' | 'since' | 'requestIds'> & { written: number; counted: number }>();
  let timer: NodeJS.Timeout | undefined;
  // The count said goes through the same logger, and so through `allow`: let through.
  let saying = false;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    const ended = counts;
    counts = new Map();
    saying = true;
    try {
      for (const [message, entry] of ended)
        if (entry.counted > 0)
          options.say({ level: entry.level, message, count: entry.counted, since: entry.since, requestIds: entry.requestIds });
    } finally {
      saying = false;
    }
  }

  return {
    allow(level, message, requestId) {
      if (saying || message === undefined || options.exempt?.has(message)) return true;
      const at = Date.now();
      const thisSecond = Math.floor(at / 1000);
      if (thisSecond !== second) {
        second = thisSecond;
        flush();
      }
      let entry = counts.get(message);
      if (!entry) {
        if (counts.size >= MESSAGES_AT_MOST) return true;
        entry = { level, written: 0, counted: 0, since: at, requestIds: [] };
        counts.set(message, entry);
      }
      if (entry.written < perSecond) {
        entry.written++;
        return true;
      }
      if (entry.counted === 0) entry.since = at;
      entry.counted++;
      entry.level = Math.max(entry.level, level);
      if (typeof requestId === 'string' && entry.requestIds.length < REQUEST_IDS_KEPT) entry.requestIds.push(requestId);
      // Said once the second is over, even when no line comes after it.
      timer ??= setTimeout(flush, 1000 - (at % 1000)).unref();
      return false;
    },
    flush,
  };
}
