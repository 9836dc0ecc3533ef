import pino, { type Logger } from 'pino';
import { createLogOutput, LOG_SERVICE } from './log-output.ts';
import { createRepeatLimit, type RepeatLimit } from './log-repeats.ts';

export type { Logger };

/** The request log's line (src/server/request-log.ts), which has a limit of its own. */
export const REQUEST_MESSAGE = 'request';

const repeatLimits = new WeakMap<Logger, RepeatLimit>();

/**
 * JSON lines on standard output; one line per request is written by the server (past 100 a
 * second, a count: docs/decisions/146), and past 10 lines a second with the same message, the rest
 * are counted too (147). Written as they come (docs/decisions/071): pino's default buffered writer
 * flushed what was left at exit in a loop that retries a broken pipe for ever, so a server whose
 * log reader had gone never stopped. A line that cannot be written is dropped, not fatal (136:
 * `createLogOutput`).
 */
export function createLogger(level: string): Logger {
  const repeats = createRepeatLimit({
    exempt: new Set([REQUEST_MESSAGE]),
    say: ({ level: counted, message, count, since, requestIds }) =>
      logger[logger.levels.labels[counted] as pino.Level]?.(
        {
          repeated: message,
          notLoggedOneByOne: count,
          since: new Date(since).toISOString(),
          ...(requestIds.length > 0 && { firstRequestIds: requestIds }),
        },
        `said ${count} more times in a second, not logged one by one: ${message}`,
      ),
  });
  const logger: Logger = pino(
    {
      level,
      base: { service: LOG_SERVICE },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'cookie', '*.cookie'],
        censor: '[redacted]',
      },
      hooks: {
        logMethod(args, method, counted) {
          const message = typeof args[0] === 'string' ? args[0] : typeof args[1] === 'string' ? args[1] : undefined;
          const fields: unknown = args[0];
          const requestId = typeof fields === 'object' && fields !== null ? (fields as { requestId?: unknown }).requestId : undefined;
          if (repeats.allow(counted, message, requestId)) method.apply(this, args);
        },
      },
    },
    createLogOutput(1),
  );
  repeatLimits.set(logger, repeats);
  return logger;
}

/** Says the lines counted so far (at stop). */
export function sayCountedLines(log: Logger): void {
  repeatLimits.get(log)?.flush();
}
