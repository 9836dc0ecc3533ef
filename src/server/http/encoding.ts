import type http from 'node:http';
import Negotiator from 'negotiator';

/** Below this, compressing saves less than the headers it adds: left as it is, built or rendered. */
export const COMPRESS_MIN_BYTES = 1024;

type Negotiate = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/**
 * The encoding to send, of those at hand: brotli where the client takes it, then gzip (browsers
 * list gzip first at the same quality). Undefined when the client refuses all of them.
 */
export function chooseEncoding(req: http.IncomingMessage, withBrotli: boolean): string | undefined {
  const available = withBrotli ? ['br', 'gzip', 'identity'] : ['gzip', 'identity'];
  // negotiator 1.x takes `preferred`; its published types still describe 0.6.
  return (new Negotiator(req) as unknown as Negotiate).encoding(available, { preferred: ['br', 'gzip'] });
}
