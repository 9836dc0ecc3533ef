// What the server does with a request before anything reads it: refuse what no part of the site
// can answer, and put the address in the one form the static files, the page cache, the guard and
// Astro's router all read alike (request-target.ts).
import type http from 'node:http';
import type { Logger } from '../../core/logger.ts';
import { isApi, loggedPath } from './areas.ts';
import { securityHeaders } from './headers.ts';
import { isHostHeader, judgeTarget } from './request-target.ts';

/** What the site answers; anything else (TRACE, CONNECT, made-up methods) gets 405 before Astro. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** What a Location header may carry as it is (other bytes would throw): browsers send nothing else. */
const PLAIN_ADDRESS = /^[\x21-\x7e]+$/;

/** The path only: query strings may carry one-time upload signatures, which stay out of the log. */
function pathOf(req: http.IncomingMessage): string {
  return (req.url ?? '/').split('?')[0] ?? '/';
}

/** The path for the log: no query string, and no upload link's token. */
export const logPathOf = (req: http.IncomingMessage): string => loggedPath(pathOf(req));

/** Whether every %-escape of the address decodes, as Astro needs to route it. */
function readableAddress(url: string | undefined): boolean {
  try {
    decodeURI(url ?? '/');
    return true;
  } catch {
    return false;
  }
}

export interface FrontDoor {
  /**
   * Answers the requests no part of the site can read (405, 400, a 301 to the one address of a
   * page) and returns true; otherwise sets the security headers every answer carries, leaves the
   * address in its one form and returns false.
   */
  answered(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /**
   * A body that stops arriving for `bodyIdleTimeoutMs` while the server waits for it is answered
   * 408 and its connection closed; not one the server has not got round to reading.
   */
  cutOffStalledBodies(req: http.IncomingMessage, res: http.ServerResponse): void;
  /** Answers written on the socket itself, past `res`: the request log reports these statuses. */
  statusOnSocket(res: http.ServerResponse): number | undefined;
}

export function createFrontDoor({
  secure,
  bodyIdleTimeoutMs,
  log,
}: {
  secure: boolean;
  bodyIdleTimeoutMs: number;
  log: Logger;
}): FrontDoor {
  const answeredOnSocket = new WeakMap<http.ServerResponse, number>();
  const baseline = (req: http.IncomingMessage) => securityHeaders(secure, pathOf(req), { staticFile: true });

  /** A request refused before it reaches Astro, answered as the API answers its errors. */
  function refuse(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers, ...baseline(req) });
    res.end(JSON.stringify({ message }));
    return true;
  }

  return {
    answered(req, res) {
      if (!ALLOWED_METHODS.includes(req.method ?? '')) {
        return refuse(req, res, 405, `The method ${String(req.method).slice(0, 20)} is not allowed here.`, {
          Allow: ALLOWED_METHODS.join(', '),
        });
      }
      if (!readableAddress(req.url)) {
        // The API says what is wrong; a person who followed a mangled link gets the site's not-found
        // page: each '%' is taken literally, and no page has such an address.
        if (isApi(pathOf(req))) return refuse(req, res, 400, 'This address cannot be read: it has a broken %-escape.');
        req.url = (req.url ?? '/').replaceAll('%', '%25');
      }
      // Astro pastes the Host header before the path (request-target.ts). An HTTP/1.0 request may
      // leave it out; one that names something else than a host is refused.
      if (req.headers.host !== undefined && !isHostHeader(req.headers.host)) {
        return refuse(req, res, 400, 'This request names no valid host (its Host header).');
      }
      // A page asked for under a spelling of its own is sent to its one address, and anything else
      // is read as that address.
      const target = judgeTarget(req.url);
      if (target.kind === 'unreadable') return refuse(req, res, 400, 'This address cannot be read: it names no page of this site.');
      if (target.kind === 'moved' && (req.method === 'GET' || req.method === 'HEAD') && PLAIN_ADDRESS.test(target.target)) {
        res.writeHead(301, { Location: target.target, 'Cache-Control': 'public, max-age=3600', ...baseline(req) });
        res.end();
        return true;
      }
      if (target.kind !== 'as-is') req.url = target.target;
      // Static files (scripts, styles, icons) never reach the middleware: they get the same
      // security headers here; the middleware's own values replace these on everything else.
      for (const [name, value] of Object.entries(baseline(req))) res.setHeader(name, value);
      return false;
    },

    cutOffStalledBodies(req, res) {
      const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
      if (!hasBody) return;
      // The server's own reads of the body count as activity, as the client's bytes do: a body
      // held back while its handler waits its turn (for the database, the image encoder) is the
      // server's wait, not a stalled client's (docs/decisions/099). read(0) only tops up Node's
      // buffer as bytes arrive.
      let lastRead = 0;
      const read = req.read.bind(req);
      req.read = (size?: number): unknown => {
        if (size !== 0) lastRead = Date.now();
        return read(size) as unknown;
      };
      // On the answer rather than the request: Node asks the request only while its body is still
      // arriving, and closes the socket without a word when no one answers. A whole body that its
      // handler has not read yet (a small upload waiting for the database) was cut off that way.
      res.setTimeout(bodyIdleTimeoutMs, () => {
        if (req.complete) {
          req.socket.setTimeout(0); // all of it has arrived: nothing is left to stall
          return;
        }
        const sinceRead = Date.now() - lastRead;
        if (req.readableLength > 0 || sinceRead < bodyIdleTimeoutMs) {
          req.socket.setTimeout(req.readableLength > 0 ? bodyIdleTimeoutMs : bodyIdleTimeoutMs - sinceRead);
          return;
        }
        log.info({ requestId: req.headers['x-request-id'], path: logPathOf(req) }, 'request body stalled; cut off');
        // Written on the socket itself: the handler still owns `res` and finds the socket closed
        // when its read of the body fails.
        const message = JSON.stringify({ message: 'The upload stopped arriving, so it was cancelled. Please try again.' });
        if (!res.headersSent) {
          answeredOnSocket.set(res, 408);
          req.socket.end(
            `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`,
          );
        } else {
          req.socket.destroy();
        }
      });
      // Once answered, the socket's clock is Node's keep-alive time, which must still run.
      req.once('end', () => {
        if (!res.writableFinished) req.socket.setTimeout(0);
      });
    },

    statusOnSocket: (res) => answeredOnSocket.get(res),
  };
}
