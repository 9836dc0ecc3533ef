import type http from 'node:http';

// Node goes on answering "Connection: keep-alive" while the server stops, then closes those
// connections as they fall idle. A client that took the answer at its word (Caddy reuses the
// connection it got back last) may send its next request just as the connection closes: Caddy
// sends a GET again, but a POST gets a 502 (docs/decisions/120).

export interface Drain {
  /** Call for each request, before anything answers it. */
  track(res: http.ServerResponse): void;
  /** From now on, every answer not yet begun says `Connection: close`. */
  start(): void;
}

export function createDrain(): Drain {
  const open = new Set<http.ServerResponse>();
  let draining = false;
  return {
    track(res) {
      if (draining) {
        closeAfter(res);
        return;
      }
      open.add(res);
      res.once('close', () => open.delete(res));
    },
    start() {
      draining = true;
      for (const res of open) closeAfter(res);
      open.clear();
    },
  };
}

/** Node then closes the connection once this answer is sent, and the client knows it will. */
function closeAfter(res: http.ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}
