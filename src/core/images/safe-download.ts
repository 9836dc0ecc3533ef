import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from '../shared/addresses.ts';

// Downloads an image that an administrator gave as a URL, from the server, without letting that
// URL reach this host or its private network. The address is checked where the connection is
// made: inside the HTTP client's own DNS lookup, and again on the connected socket, for every
// redirect. A name that resolves to a public address for a check and a private one for the
// connection (DNS rebinding) is therefore never connected to (docs/decisions/010).

type LookupAddress = { address: string; family: number };
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface DownloadOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Which connected addresses are acceptable; public unicast only, unless tests or intranets say otherwise. */
  isAllowedAddress: (address: string) => boolean;
  /** The DNS resolution; the system's by default. */
  resolve?: Resolve;
}

/** A download refused or failed for a reason of the address's (not a bug): its message says which. */
export class DownloadError extends Error {
  override name = 'DownloadError';
}

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export const publicOnly = (address: string) => isPublicAddress(address);
export const anyAddress = () => true;

/** Fetches a URL's body, following at most `maxRedirects` redirects, each checked the same way. */
export async function safeDownload(start: string, options: DownloadOptions): Promise<Uint8Array> {
  const answer = await follow(start, options, 'body');
  if (answer.kind !== 'body') throw new DownloadError('no body');
  return answer.body;
}

/**
 * The status and headers a page answers with, after its redirects, checked the same way; its
 * body is not read. For a web page given by URL (a booking page), not an image.
 */
export async function safeProbe(start: string, options: Omit<DownloadOptions, 'maxBytes'>): Promise<PageHead> {
  const answer = await follow(start, { ...options, maxBytes: 0 }, 'head');
  if (answer.kind !== 'head') throw new DownloadError('no answer');
  return answer;
}

export interface PageHead {
  status: number;
  headers: http.IncomingHttpHeaders;
}

async function follow(start: string, options: DownloadOptions, want: 'body' | 'head'): Promise<Answer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(start);
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const answer = await requestOnce(url, options, signal, want);
    if (answer.kind === 'redirect') {
      url = new URL(answer.location, url);
      continue;
    }
    return answer;
  }
  throw new DownloadError('too many redirects');
}

type Answer = { kind: 'redirect'; location: string } | { kind: 'body'; body: Uint8Array } | ({ kind: 'head' } & PageHead);

function requestOnce(url: URL, options: DownloadOptions, signal: AbortSignal, want: 'body' | 'head'): Promise<Answer> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new DownloadError('not an http(s) URL'));
  if (url.username || url.password) return Promise.reject(new DownloadError('URLs with credentials are not fetched'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal is connected to without a lookup, so it is judged here.
  if (net.isIP(host) && !options.isAllowedAddress(host)) {
    return Promise.reject(new DownloadError(`refusing the address ${host}`));
  }
  const resolve = options.resolve ?? systemResolve;
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = addresses.filter((entry) => family === 0 || entry.family === family);
        if (usable.length === 0) throw new DownloadError(`${hostname} has no address`);
        // One private answer among public ones is enough to refuse: that is how rebinding looks.
        const refused = usable.find((entry) => !options.isAllowedAddress(entry.address));
        if (refused) throw new DownloadError(`refusing ${hostname}: it resolves to ${refused.address}`);
        if (lookupOptions.all) (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((error: Error) => callback(error as NodeJS.ErrnoException, '', 0));
  };

  return new Promise<Answer>((resolvePromise, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      lookup,
      signal,
      headers:
        want === 'body'
          ? { accept: 'image/*', 'user-agent': 'club-website image fetcher' }
          : { accept: 'text/html,*/*;q=0.8', 'user-agent': 'club-website link checker' },
    });
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const remote = socket.remoteAddress ?? '';
        if (!options.isAllowedAddress(remote)) request.destroy(new DownloadError(`refusing the connected address ${remote}`));
      });
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        resolvePromise({ kind: 'redirect', location });
        return;
      }
      if (want === 'head') {
        response.destroy();
        resolvePromise({ kind: 'head', status, headers: response.headers });
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        reject(new DownloadError(`answered ${status}`));
        return;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) {
        response.destroy();
        reject(new DownloadError('too large'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > options.maxBytes) {
          response.destroy();
          reject(new DownloadError('too large'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => resolvePromise({ kind: 'body', body: new Uint8Array(Buffer.concat(chunks)) }));
    });
    request.end();
  });
}
