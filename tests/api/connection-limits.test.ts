import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_BUSY } from '../../src/server/http/responses.ts';
import { sqliteDb } from '../setup/databases.ts';
import { useServer, type SuiteServer } from '../setup/server.ts';

// Connections that never finish their request hold a file descriptor and memory each: one address
// may hold only so many, and the server as a whole only so many (docs/decisions/069). Every
// address of 127.0.0.0/8 is this machine, so each stands for a different visitor here.

const LIMITS = { MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '20' };

interface Held {
  sockets: net.Socket[];
  /** How many the server has closed so far. */
  closed: () => number;
}

const open: net.Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
});

/** `count` connections from `from`, each with half a request's headers, as a slow attack sends them. */
async function hold(suite: SuiteServer, from: string, count: number): Promise<Held> {
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect({ host: '127.0.0.1', port: suite.server.port, localAddress: from }, () => {
            socket.write('GET / HTTP/1.1\r\nHost: club\r\nX-Slow: ');
            socket.resume(); // so that an answer and the server's end are seen
            resolve(socket);
          });
          socket.once('error', (error) => (socket.connecting ? reject(error) : undefined));
          socket.once('close', () => closed++);
          open.push(socket);
        }),
    ),
  );
  // The server refuses a connection as soon as it is accepted; give it a moment to.
  await new Promise((resolve) => setTimeout(resolve, 400));
  return { sockets, closed: () => closed };
}

interface Answer {
  status: number | string;
  body: string;
  retryAfter: string | undefined;
}

/** A whole GET from `from` on a connection of its own: its answer, or the error that ended it as `status`. */
function visit(suite: SuiteServer, from: string, path = '/'): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port: suite.server.port, path, localAddress: from, agent: false, timeout: 5000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body, retryAfter: response.headers['retry-after'] }));
      },
    );
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: error.code ?? error.message, body: '', retryAfter: undefined }),
    );
  });
}

const statusOf = async (answer: Promise<Answer>) => (await answer).status;
const BUSY = { status: 503, body: SITE_BUSY, retryAfter: '5' };

async function release(held: Held): Promise<void> {
  await Promise.all(held.sockets.map((socket) => new Promise<void>((resolve) => socket.end(resolve))));
}

describe('connections held at once', () => {
  const suite = useServer(sqliteDb, LIMITS);

  it('lets one address hold only its share, and serves every other address meanwhile', async () => {
    const attack = await hold(suite, '127.0.0.2', 25);
    expect(attack.closed()).toBe(5);
    expect(await statusOf(visit(suite, '127.0.0.3'))).toBe(200);
    // Told why, in a line a browser shows, without its request being read.
    expect(await visit(suite, '127.0.0.2')).toEqual(BUSY);
    expect(suite.server.output()).toContain('connections refused: too many at once');
    expect(suite.server.output()).toContain('"lastAddress":"127.0.0.2"');

    // What it held is its own again once closed.
    await release(attack);
    await expect.poll(() => statusOf(visit(suite, '127.0.0.2'))).toBe(200);
  });

  it('counts each connection out as it closes, however it ends', async () => {
    // Many short visits, some cut off half-way, then exactly the share again and no more.
    for (let round = 0; round < 5; round++) {
      const visits = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? hold(suite, '127.0.0.4', 1).then(release) : visit(suite, '127.0.0.4', '/news'),
      );
      await Promise.all(visits);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const held = await hold(suite, '127.0.0.4', 21);
    expect(held.closed()).toBe(1);
    await release(held);
  });

  it('takes no more than its total, from any number of addresses, and serves again once they go', async () => {
    const first = await hold(suite, '127.0.0.5', 20);
    const second = await hold(suite, '127.0.0.6', 20);
    // None refused, or one when the start-up check's kept-alive connection is still open.
    expect(first.closed() + second.closed()).toBeLessThanOrEqual(1);
    expect(await visit(suite, '127.0.0.7')).toEqual(BUSY);
    await release(second);
    await expect.poll(() => statusOf(visit(suite, '127.0.0.7'))).toBe(200);
    await release(first);
  });
});

describe('connections behind a trusted proxy', () => {
  // Every connection comes from the proxy there: its own limits apply, and only the total here.
  const suite = useServer(sqliteDb, { ...LIMITS, TRUST_PROXY: 'true' });

  it('takes more than one address’s share from the proxy, up to the total', async () => {
    const proxy = await hold(suite, '127.0.0.2', 35);
    expect(proxy.closed()).toBe(0);
    expect(await statusOf(visit(suite, '127.0.0.2'))).toBe(200);
    // The visit's connection closes on the server's side a moment after its answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const more = await hold(suite, '127.0.0.3', 10);
    // 40 at most; the start-up check's kept-alive connection may still be one of them.
    expect(more.closed()).toBeGreaterThanOrEqual(5);
    expect(more.closed()).toBeLessThanOrEqual(6);
    await release(proxy);
  });
});
