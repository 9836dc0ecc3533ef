import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticFiles, precompress } from './static-files.ts';

describe('static files from memory', () => {
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
    fs.writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(dir, 'club photo.png'), Buffer.alloc(100, 9));
    fs.writeFileSync(path.join(dir, '.env'), 'SECRET=1\n');
    fs.mkdirSync(path.join(dir, '.well-known'));
    fs.writeFileSync(path.join(dir, '.well-known', 'security.txt'), 'Contact: mailto:club@example.org\n');
    expect(precompress(dir)).toBe(2);
    const files = loadStaticFiles(dir);
    // The two compressed, tiny.js, both photos, security.txt; neither .env nor the build's copies.
    expect(files.size).toBe(6);
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

  it('answers the plain file to a client that takes no compression, and small or incompressible files as they are', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const plain = await get('/_astro/island.abc123.js', headers);
      expect(plain.status, JSON.stringify(headers)).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(script);
    }
    const tiny = await get('/tiny.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    const photo = await get('/photo.png', { 'accept-encoding': 'br' });
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.body.equals(Buffer.alloc(4096, 7))).toBe(true);
    // Named as Astro's handler found them: the address decoded.
    expect((await get('/club%20photo.png', {})).body.equals(Buffer.alloc(100, 9))).toBe(true);
    const security = await get('/.well-known/security.txt', {});
    expect(security.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('leaves to the next handler: other paths (dotfiles, the build copies, escapes out of the folder, NUL, other case), other methods', async () => {
    for (const [pathname, headers, method] of [
      ['/_astro/island.abc123.js', { 'accept-encoding': 'br' }, 'POST'],
      ['/_astro/island.abc123.js', { 'accept-encoding': 'br' }, 'DELETE'],
      ['/.env', {}, 'GET'],
      ['/%2eenv', {}, 'GET'],
      ['/_astro/../logo.svg', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/island.abc123.js.br', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/island.abc123.js.gz', {}, 'GET'],
      ['/_astro/island.abc123.js%00', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/%2e%2e/logo.svg', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/..%2F..%2Fpackage.json', {}, 'GET'],
      ['/_astro/%E0%A4%A', {}, 'GET'],
      ['//_astro/island.abc123.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/ISLAND.abc123.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/_astro/', {}, 'GET'],
      ['/', {}, 'GET'],
    ] as const) {
      expect((await get(pathname, headers, method)).status, `${method} ${pathname} ${JSON.stringify(headers)}`).toBe(299);
    }
  });
});
