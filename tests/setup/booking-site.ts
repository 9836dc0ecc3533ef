import http from 'node:http';
import type { AddressInfo } from 'node:net';

// "A booking service" on 127.0.0.1 whose pages answer with or without frame rules, for the check
// made when an event's booking address is saved (src/core/events/booking-page.ts).

/** A name that looks like a booking service's, resolved to 127.0.0.1 by the test server alone. */
export const BOOKING_HOST = 'tickets.club-bookings.co.uk';

export interface BookingSite {
  /** The site by BOOKING_HOST, as an event's booking address names it. */
  url: string;
  /** How many times a path was asked for. */
  asked: (path: string) => number;
  /** From now on, `path` answers as `like` does (a page that changed its rules, or went). */
  answerAs: (path: string, like: string) => void;
  close: () => Promise<void>;
}

export async function startBookingSite(): Promise<BookingSite> {
  const asked = new Map<string, number>();
  const answersAs = new Map<string, string>();
  const page = '<!doctype html><title>Book</title><h1>Book your place</h1>';
  const server = http.createServer((req, res) => {
    const requested = (req.url ?? '/').split('?')[0]!;
    asked.set(requested, (asked.get(requested) ?? 0) + 1);
    const path = answersAs.get(requested) ?? requested;
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (path === '/open') res.writeHead(200, html).end(page);
    else if (path === '/steps') res.writeHead(200, html).end(`${page}<a href="/steps/2">Choose tickets</a>`);
    else if (path === '/steps/2') res.writeHead(200, html).end('<!doctype html><title>Book</title><h1>Your details</h1>');
    else if (path === '/slow') setTimeout(() => res.writeHead(200, html).end(page), 1500);
    else if (path === '/no-frames') res.writeHead(200, { ...html, 'x-frame-options': 'DENY' }).end(page);
    else if (path === '/ancestors-none') res.writeHead(200, { ...html, 'content-security-policy': "frame-ancestors 'none'" }).end(page);
    else if (path === '/moved') res.writeHead(302, { location: '/no-frames' }).end();
    else if (path === '/hang-up') req.socket.destroy();
    else res.writeHead(404, html).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://${BOOKING_HOST}:${(server.address() as AddressInfo).port}`,
    asked: (path) => asked.get(path) ?? 0,
    answerAs: (path, like) => answersAs.set(path, like),
    // The browser's open connections too: else, after a test that failed before closing its page,
    // close() waited for them past the hook's time limit, and the suite's server was left running.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a server needs to ask such a site: BOOKING_HOST on 127.0.0.1 (a private address). */
export const bookingCheckEnv = {
  CHECK_BOOKING_PAGES: 'true',
  REMOTE_IMAGES_ALLOW_PRIVATE: 'true',
  LOCAL_NAMES: BOOKING_HOST,
  NODE_OPTIONS: `--import ${new URL('./local-names-preload.mjs', import.meta.url).pathname}`,
};
