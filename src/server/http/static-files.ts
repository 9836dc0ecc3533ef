import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { contentType } from 'mime-types';
import { chooseEncoding, COMPRESS_MIN_BYTES } from './encoding.ts';
import { etagOf, isFresh } from './headers.ts';

// Everything the build puts in dist/client (hashed bundles, public/'s files) answered from memory,
// scripts and styles as compressed once at the best levels. A burst of first-time visitors each
// fetches every island's script; compressed per request, those cost the server far more than the
// cached page itself (docs/decisions/027). Answering all of them here also spares every page
// request the filesystem: Astro's own static handler looked each URL up on disk first.

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

interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  plain: Buffer;
  /** Made at build for compressible files of 1 KB or more. */
  brotli?: Buffer | undefined;
  gzip?: Buffer | undefined;
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

/** The files of `dir` (the build's copies beside them included), kept in memory; `handle` answers them. */
export function loadStaticFiles(dir: string) {
  const files = new Map<string, StaticFile>();
  for (const file of servable(dir)) {
    const relative = path.relative(dir, file).split(path.sep).join('/');
    const plain = fs.readFileSync(file);
    const compressed = path.extname(file) in TYPES && fs.existsSync(`${file}.br`) && fs.existsSync(`${file}.gz`);
    files.set(`/${relative}`, {
      type: TYPES[path.extname(file)] ?? (contentType(path.basename(file)) || 'application/octet-stream'),
      etag: etagOf(plain),
      cacheControl: relative.startsWith('_astro/') ? IMMUTABLE : REVALIDATE,
      plain,
      brotli: compressed ? fs.readFileSync(`${file}.br`) : undefined,
      gzip: compressed ? fs.readFileSync(`${file}.gz`) : undefined,
    });
  }
  return {
    size: files.size,
    /**
     * Answers a GET or HEAD for one of the files, in the best encoding the client takes; returns
     * false, having done nothing, for anything else (Astro renders it, or answers its 404).
     */
    handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const file = files.get(decodedPath(req.url));
      if (!file) return false;
      const headers: Record<string, string | number> = { 'cache-control': file.cacheControl, etag: file.etag, 'content-type': file.type };
      if (file.brotli) headers.vary = 'Accept-Encoding';
      if (isFresh(req.headers['if-none-match'], file.etag)) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      const encoding = file.brotli ? chooseEncoding(req, true) : undefined;
      const body = encoding === 'br' ? file.brotli : encoding === 'gzip' ? file.gzip : file.plain;
      if (body !== file.plain) headers['content-encoding'] = encoding!;
      res.writeHead(200, { ...headers, 'content-length': body!.byteLength });
      // A HEAD request's answer has its headers only; Node drops the body (see main.ts).
      res.end(body);
      return true;
    },
  };
}

/** The path of a request URL as the files are named (`%20` as a space); '' when it cannot be read. */
function decodedPath(url: string | undefined): string {
  const pathname = (url ?? '').split('?')[0] ?? '';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '';
  }
}

function filesOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function compressible(dir: string): string[] {
  return filesOf(dir).filter((file) => path.extname(file) in TYPES && fs.statSync(file).size >= COMPRESS_MIN_BYTES);
}

/**
 * What is sent: not the build's compressed copies on their own, and, as Astro's handler did, no
 * dotfile outside `/.well-known/`.
 */
function servable(dir: string): string[] {
  const files = filesOf(dir);
  const all = new Set(files);
  return files.filter((file) => {
    const relative = path.relative(dir, file).split(path.sep);
    const hidden = relative.some((part) => part.startsWith('.')) && relative[0] !== '.well-known';
    const copy = (file.endsWith('.br') || file.endsWith('.gz')) && all.has(file.slice(0, -3));
    return !hidden && !copy;
  });
}
