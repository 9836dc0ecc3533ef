import pino, { type Logger } from 'pino';
import { createLogOutput, LOG_SERVICE } from './log-output.ts';

export type { Logger };

/**
 * JSON lines on standard output; one line per request is written by the server (past 100 a
 * second, a count: docs/decisions/146). Written as they come (docs/decisions/071): pino's default
 * buffered writer flushed what was left at exit in a loop that retries a broken pipe for ever, so a
 * server whose log reader had gone never stopped. A line that cannot be written is dropped, not
 * fatal (136: `createLogOutput`).
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: LOG_SERVICE },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'cookie', '*.cookie'],
        censor: '[redacted]',
      },
    },
    createLogOutput(1),
  );
}
