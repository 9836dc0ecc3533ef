import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrecompressed, precompress } from './static-files.ts';

describe('precompressed static files', () => {
  let dir = '';
  let server: http.Server;
  let port = 0;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.writeFileSync(path.join(dir, '_astro', 'island.abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'export {};\n');
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096));
    expect(precompress(dir)).toBe(2);
    const files = loadPrecompressed(dir);
    expect(files.size).toBe(2);
    server = http.createServer((req, res) => {
      if (req.method === 'HEAD') req.method = 'GET';
      if (files.handle(req, res)) return;
      res.writeHead(299, { 'content-type': 'text/plain' });
      res.end('left to the next handler');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function get(
    pathname: string,
    headers: Record<string, string>,
    method = 'GET',
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });
  }

  it('answers brotli or gzip made at build, with its length, type, ETag and caching', async () => {
    const brotli = await get('/_astro/island.abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.byteLength);
    expect(brotli.body.equals(fs.readFileSync(path.join(dir, '_astro', 'island.abc123.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(script);

    const gzip = await get('/_astro/island.abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(brotli.headers.etag);
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

    const logo = await get('/logo.svg', { 'accept-encoding': 'br' });
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers 304 to a matching ETag and headers alone to HEAD', async () => {
    const first = await get('/_astro/island.abc123.js', { 'accept-encoding': 'br' });
    const again = await get('/_astro/island.abc123.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    const head = await get('/_astro/island.abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body.byteLength).toBe(0);
  });

  it('leaves to the next handler: no compression asked, small or incompressible files, other paths (encoded, NUL, other case) and methods', async () => {
    for (const [pathname, headers, method] of [
      ['/_astro/island.abc123.js', {}, 'GET'],
      ['/_astro/island.abc123.js', { 'accept-encoding': 'identity' }, 'GET'],
      ['/_astro/island.abc123.js', { 'accept-encoding': 'br' }, 'POST'],
      ['/tiny.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/photo.png', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/../logo.svg', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/island.abc123.js.br', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/island.abc123.js%00', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/%2e%2e/logo.svg', { 'accept-encoding': 'br' }, 'GET'],
      ['//_astro/island.abc123.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/ISLAND.abc123.js', { 'accept-encoding': 'br' }, 'GET'],
    ] as const) {
      expect((await get(pathname, headers, method)).status, `${method} ${pathname} ${JSON.stringify(headers)}`).toBe(299);
    }
  });
});
