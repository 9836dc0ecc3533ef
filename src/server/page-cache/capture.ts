import type http from 'node:http';

// A render's answer kept in memory instead of sent, for the page cache to store and answer
// (docs/decisions/011-page-cache.md).

export type Render = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface Captured {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * Runs `render` with the answer's writes kept in memory instead of sent. Conditional headers are
 * hidden from it, so that it renders the whole page for the cache rather than a 304 for one client.
 */
export function capture(req: http.IncomingMessage, res: http.ServerResponse, render: Render): Promise<Captured | null> {
  const conditional = { ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'] };
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let status: number | undefined;
    let written: http.OutgoingHttpHeaders = {};
    const own = ['writeHead', 'write', 'end', 'destroy'] as const;
    const restore = () => {
      for (const name of own) delete (res as unknown as Record<string, unknown>)[name];
      if (conditional.ifNoneMatch !== undefined) req.headers['if-none-match'] = conditional.ifNoneMatch;
      if (conditional.ifModifiedSince !== undefined) req.headers['if-modified-since'] = conditional.ifModifiedSince;
    };
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
      );
    };
    const target = res as unknown as Record<string, unknown>;
    target.writeHead = (code: number, ...rest: unknown[]) => {
      status = code;
      const headers = rest.find((item) => typeof item === 'object' && item !== null);
      if (headers) written = { ...(headers as http.OutgoingHttpHeaders) };
      return res;
    };
    target.write = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
      return true;
    };
    target.end = (chunk?: unknown, encoding?: unknown) => {
      keep(chunk, encoding);
      const headers: http.OutgoingHttpHeaders = { ...res.getHeaders() };
      for (const [name, value] of Object.entries(written)) headers[name.toLowerCase()] = value;
      restore();
      resolve({ status: status ?? res.statusCode, headers, body: Buffer.concat(chunks) });
      return res;
    };
    target.destroy = (error?: Error) => {
      restore();
      resolve(null);
      return res.destroy(error);
    };
    render(req, res);
  });
}
