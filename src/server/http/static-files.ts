import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './encoding.ts';
import { etagOf, isFresh } from './headers.ts';

// Scripts, styles and icons compressed once at build, at the best levels, and answered from
// memory. A burst of first-time visitors each fetches every island's script; compressed per
// request, those cost the server far more than the cached page itself (docs/decisions/027).

/** What the build compresses ahead, and the type each is sent with. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
/** Astro's hashed bundle files never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0';

interface Precompressed {
  type: string;
  etag: string;
  cacheControl: string;
  brotli: Buffer;
  gzip: Buffer;
}

/** Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside each compressible file of `dir`. */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of compressible(dir)) {
    const body = fs.readFileSync(file);
    const brotli = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

/** The files of `dir` that the build compressed, kept in memory; `handle` answers them. */
export function loadPrecompressed(dir: string) {
  const files = new Map<string, Precompressed>();
  for (const file of compressible(dir)) {
    if (!fs.existsSync(`${file}.br`) || !fs.existsSync(`${file}.gz`)) continue;
    const relative = path.relative(dir, file).split(path.sep).join('/');
    files.set(`/${relative}`, {
      type: TYPES[path.extname(file)]!,
      etag: etagOf(fs.readFileSync(file)),
      cacheControl: relative.startsWith('_astro/') ? IMMUTABLE : REVALIDATE,
      brotli: fs.readFileSync(`${file}.br`),
      gzip: fs.readFileSync(`${file}.gz`),
    });
  }
  return {
    size: files.size,
    /**
     * Answers a GET or HEAD for a precompressed file from a client that takes brotli or gzip;
     * returns false, having done nothing, for anything else (Astro's static handler sends it).
     */
    handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const file = files.get((req.url ?? '').split('?')[0] ?? '');
      if (!file) return false;
      const encoding = chooseEncoding(req, true);
      if (encoding !== 'br' && encoding !== 'gzip') return false;
      const headers: Record<string, string | number> = { 'cache-control': file.cacheControl, etag: file.etag, vary: 'Accept-Encoding' };
      if (isFresh(req.headers['if-none-match'], file.etag)) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      const body = encoding === 'br' ? file.brotli : file.gzip;
      res.writeHead(200, { ...headers, 'content-type': file.type, 'content-encoding': encoding, 'content-length': body.byteLength });
      // A HEAD request's answer has its headers only; Node drops the body (see main.ts).
      res.end(body);
      return true;
    },
  };
}

function compressible(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && path.extname(entry.name) in TYPES)
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file).size >= COMPRESS_MIN_BYTES);
}
