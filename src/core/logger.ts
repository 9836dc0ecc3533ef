import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON lines on standard output; one line per request is written by the server. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'club-website' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'cookie', '*.cookie'],
      censor: '[redacted]',
    },
  });
}
