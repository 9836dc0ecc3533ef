import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeProbe, type Resolve } from './safe-download.ts';
import { bookingPageChecker } from '../events/booking-page.ts';

// A booking page is asked for its headers through the same checks as an image given by URL
// (docs/decisions/082): 127.0.0.2 plays the booking service, 127.0.0.1 a private service.
describe('asking a page for its headers', () => {
  const hits: string[] = [];
  let outside: http.Server;
  let inside: http.Server;
  const port = (server: http.Server) => (server.address() as AddressInfo).port;
  beforeAll(async () => {
    outside = http.createServer((req, res) => {
      if (req.url === '/to-inside') res.writeHead(302, { location: `http://127.0.0.1:${port(inside)}/admin` }).end();
      else res.writeHead(200, { 'x-frame-options': 'SAMEORIGIN', 'content-type': 'text/html' }).end('x'.repeat(5_000_000));
    });
    inside = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200).end('secret');
    });
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.2', resolve));
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => Promise.all([outside, inside].map((server) => new Promise<void>((resolve) => server.close(() => resolve())))));

  const isAllowedAddress = (address: string) => address === '127.0.0.2';

  it('answers the status and headers without reading the body', async () => {
    const head = await safeProbe(`http://127.0.0.2:${port(outside)}/book`, { timeoutMs: 2000, maxRedirects: 0, isAllowedAddress });
    expect([head.status, head.headers['x-frame-options']]).toEqual([200, 'SAMEORIGIN']);
  });

  it('never reaches a private address, by name, by rebinding or by redirect', async () => {
    const toInside: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const options = { timeoutMs: 2000, maxRedirects: 3, isAllowedAddress };
    await expect(safeProbe(`http://tickets.booking.test:${port(inside)}/admin`, { ...options, resolve: toInside })).rejects.toThrow(
      /refusing/,
    );
    await expect(safeProbe(`http://127.0.0.2:${port(outside)}/to-inside`, options)).rejects.toThrow(/refusing/);
    expect(hits).toEqual([]);
    // The check that saves an event hears nothing sure from it: the spec's frame.
    const check = bookingPageChecker({ enabled: true, allowPrivate: false, siteOrigin: 'https://club.org.uk' });
    expect(await check(`http://127.0.0.1:${port(inside)}/admin`)).toBeNull();
    expect(hits).toEqual([]);
  });
});
