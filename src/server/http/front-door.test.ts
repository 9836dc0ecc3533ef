import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.ts';
import { createFrontDoor } from './front-door.ts';

/**
 * One raw request (any target, any Host), and the answer's status line, headers and body. The
 * connection is left open for the server to close: Node drops a request still waiting for its
 * answer when the client half-closes.
 */
function send(port: number, head: string, body = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the front door', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const front = createFrontDoor({ secure: false, bodyIdleTimeoutMs: 200, log: createLogger('silent') });
    // An idle kept-alive connection is closed after 300 ms (Node adds nothing of its own here).
    server = http.createServer({ keepAliveTimeout: 300, keepAliveTimeoutBuffer: 0 }, (req, res) => {
      if (front.answered(req, res)) return;
      front.cutOffStalledBodies(req, res);
      // Answered at once, its body left for Node to read and drop.
      if (req.url === '/unread') {
        res.end('answered unread');
        return;
      }
      // What the rest of the server would read; /slow is read only after a wait of the server's
      // own (its turn for the database or the image encoder), more than three idle times long.
      const read = () => {
        let size = 0;
        req.on('data', (chunk: Buffer) => (size += chunk.byteLength));
        req.on('end', () => res.end(`read ${req.method} ${req.url} ${size}`));
      };
      if (req.url === '/slow') setTimeout(read, 650);
      else read();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes a tidy request on as it is, with the security headers set', async () => {
    const answer = await send(port, 'GET /news?page=2 HTTP/1.1\r\nHost: localhost');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('read GET /news?page=2');
    expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff');
  });

  it('refuses what no part of the site can read, saying why', async () => {
    const trace = await send(port, 'TRACE / HTTP/1.1\r\nHost: localhost');
    expect(trace).toMatch(/^HTTP\/1\.1 405/);
    expect(trace).toMatch(/Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
    expect(trace).toContain('{"message":"The method TRACE is not allowed here."}');
    expect(await send(port, 'GET /api/news/%E0%A4%A HTTP/1.1\r\nHost: localhost')).toContain(
      '{"message":"This address cannot be read: it has a broken %-escape."}',
    );
    expect(await send(port, 'GET / HTTP/1.1\r\nHost: a/b')).toContain('{"message":"This request names no valid host (its Host header)."}');
    expect(await send(port, 'OPTIONS * HTTP/1.1\r\nHost: localhost')).toContain(
      '{"message":"This address cannot be read: it names no page of this site."}',
    );
  });

  it('reads a mangled page address literally, so that the site answers its not-found page', async () => {
    expect(await send(port, 'GET /news/%E0%A4%A HTTP/1.1\r\nHost: localhost')).toContain('read GET /news/%25E0%25A4%25A');
  });

  it('sends reads to the one address of a page and reads writes as that address', async () => {
    const moved = await send(port, 'GET //rss.xml HTTP/1.1\r\nHost: localhost');
    expect(moved).toMatch(/^HTTP\/1\.1 301/);
    expect(moved).toMatch(/Location: \/rss\.xml\r\n/i);
    expect(await send(port, 'POST //api//admin/news/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0')).toContain(
      'read POST /api/admin/news',
    );
    expect(await send(port, 'GET http://elsewhere.example/gallery HTTP/1.1\r\nHost: localhost')).toContain('read GET /gallery');
  });

  it('cuts off a body that stops arriving with a 408 on the socket, and says so for the log', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('POST /api/admin/upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nhalf'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('The upload stopped arriving, so it was cancelled. Please try again.');
  });

  // 256 KB: more than Node takes in before its handler reads, so the client waits to send the rest.
  // 1 KB: all of it arrives at once. Found in a loaded run: such a small upload, whose handler
  // waited longer than the idle time for the database, got its connection closed without a word.
  it.each([
    ['a body the server has not got round to reading', 256 * 1024],
    ['a body that has all arrived while its handler waits its turn', 1024],
  ])('does not cut off %s: the whole of it is read', async (_, size) => {
    const body = 'x'.repeat(size);
    const answer = await send(port, `POST /slow HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}`, body);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain(`read POST /slow ${body.length}`);
  });

  it('still closes a kept-alive connection once idle when a body arrived after its answer', async () => {
    const closedAfterMs = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('POST /unread HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\n'),
      );
      let answeredAt = 0;
      socket.on('data', (chunk: Buffer) => {
        if (answeredAt || !chunk.toString().includes('answered unread')) return;
        answeredAt = Date.now();
        socket.write('hello');
      });
      const giveUp = setTimeout(() => {
        socket.destroy();
        resolve(Infinity);
      }, 3000);
      socket.on('close', () => {
        clearTimeout(giveUp);
        resolve(Date.now() - answeredAt);
      });
      socket.on('error', reject);
    });
    expect(closedAfterMs).toBeLessThan(2000);
  });
});
