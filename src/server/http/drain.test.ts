import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrain } from './drain.ts';

describe('answers while the server stops', () => {
  const drain = createDrain();
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      drain.track(res);
      setTimeout(() => res.end('answered'), req.url === '/slow' ? 300 : 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keep the connection open until then, and say Connection: close from then on', async () => {
    expect((await fetch(`${base}/`)).headers.get('connection')).toBe('keep-alive');
    const inFlight = fetch(`${base}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    drain.start();
    const slow = await inFlight;
    expect(await slow.text()).toBe('answered');
    expect(slow.headers.get('connection')).toBe('close');
    // A request that comes after, on a connection still open, is answered and told the same.
    const after = await fetch(`${base}/`);
    expect(await after.text()).toBe('answered');
    expect(after.headers.get('connection')).toBe('close');
  });
});
