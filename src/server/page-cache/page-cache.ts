import type http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger } from '../../core/logger.ts';
import { isSafeMethod } from '../http/authenticate.ts';
import { chooseEncoding } from '../http/encoding.ts';
import { CLIENT_LEFT } from '../http/responses.ts';
import { CACHEABLE_TYPES, etagOf, isFresh } from '../http/headers.ts';
import { isStoredImageFile } from '../../core/images/image-urls.ts';
import { cacheKey, mayChangePages, NOT_FOUND_KEY } from './cacheable.ts';
import { capture, type Captured, type Render } from './capture.ts';
import { type CachedAnswer, createPageStore, type PageStore } from './store.ts';

// Public pages and feeds answered from memory before a request reaches Astro, rendered once per
// change (docs/decisions/011-page-cache.md), and the stored photos they show (148). Every answer it
// gives is one Astro gave a visitor without a session; a write through the site clears it before
// the write's answer leaves.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * An answer is trusted this long at most even with no write seen: a backstop, not the mechanism.
 * A minute, as proxies are told (s-maxage=60), so that writes made outside the server (a script
 * such as npm run demo on a running site) are public within a minute too. It also bounds how long
 * an instance deaf to the others falls back on pages it held.
 */
const MAX_AGE_MS = 60_000;
/** After a render failed and the page as it was stood in, how long it stands in before the next try. */
const RETRY_AFTER_FAILURE_MS = 5_000;
/** Set by the cache for each answer, never replayed from the rendered one. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'vary',
]);
/**
 * The photos' memory, beside the pages' (a quarter as much again: 8 MB, some thousand thumbnails):
 * a crawler asking for every photo cannot push the pages out.
 */
const PHOTO_SHARE = 0.25;
/** Answers that refused a write: nothing changed, so nothing is cleared (a flood of bad sign-ins cannot empty the cache). */
const REFUSED = new Set([400, 401, 403, 404, 405, 408, 409, 413, 415, 422, 429]);

export interface PageCacheOptions {
  maxBytes: number;
  log: Logger;
  /** When rendered pages go out of date with no write (the next event starts, the day ends). */
  nextChange(now: Date): Promise<Date>;
  /** Tells other instances that content changed. */
  announce?: (() => void) | undefined;
  /** The first path segments something answers (routedSegments); others get the one not-found page. */
  routed?: ReadonlySet<string> | null;
}

/**
 * As rendered: a stored page always has its brotli copy; one answered once may not, and a photo's
 * answer has neither copy. `stale`: the render failed, and this is the page as it last was.
 */
type Rendered = Omit<CachedAnswer, 'expiresAt' | 'renderedAt' | 'retryAt'> & {
  storable: boolean;
  stale?: true;
};

export function createPageCache(options: PageCacheOptions) {
  const pages: PageStore = createPageStore(options.maxBytes);
  const photos: PageStore = createPageStore(Math.floor(options.maxBytes * PHOTO_SHARE));
  // A stored photo's key is its path (cacheKey): kept as it is, in memory of its own.
  const storeOf = (key: string) => (isStoredImageFile(key) ? photos : pages);
  const inFlight = new Map<string, Promise<Rendered | null>>();
  // False while other instances' writes cannot be heard (the PostgreSQL listener is down).
  let coherent = true;
  // Since when a write may have gone unseen (deaf to other instances, or a write that failed
  // half-way); null while every write is known.
  let doubtSince: number | null = null;
  const doubt = () => {
    doubtSince ??= Date.now();
    pages.expireAll();
    photos.expireAll();
  };
  const forget = () => {
    if (coherent) doubtSince = null;
    pages.invalidate();
    photos.invalidate();
  };
  /** The page as it last was, while it may stand in for a failed render: while a write may have gone unseen, only for the minute that bounds how late any write is seen. */
  const fallBackFor = (key: string) =>
    doubtSince === null || Date.now() - doubtSince < MAX_AGE_MS ? storeOf(key).getStale(key) : undefined;

  async function renderOnce(key: string, req: http.IncomingMessage, res: http.ServerResponse, render: Render): Promise<Rendered | null> {
    const store = storeOf(key);
    const photo = store === photos;
    const generation = store.generation;
    const now = new Date();
    // A photo does not change with the day or an event's start: only a write withdraws it.
    const nextChange = photo
      ? Promise.resolve(new Date(now.getTime() + MAX_AGE_MS))
      : options.nextChange(now).catch((error: unknown) => {
          options.log.warn({ err: error }, 'page cache: could not tell when pages change; not caching this one');
          return null;
        });
    const captured = await capture(req, res, render);
    // Destroyed half-way, or not rendered at all because this client left while it waited its turn.
    if (!captured || captured.status === CLIENT_LEFT) return null;
    // The database is down or the site too busy to render: the page as it was beats an error page,
    // and is answered without trying again for a few seconds (a database coming back is not met by
    // every visitor's render at once).
    const stale = captured.status >= 500 ? fallBackFor(key) : undefined;
    if (stale) {
      stale.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      return { ...stale, storable: false, stale: true };
    }
    const rendered = photo ? preparePhoto(captured) : await prepare(captured, key === NOT_FOUND_KEY ? 404 : 200);
    const changesAt = await nextChange;
    if (rendered.storable && changesAt) {
      // While other instances' writes cannot be heard, a render is kept only to fall back on.
      const expiresAt = coherent ? Math.min(changesAt.getTime(), now.getTime() + MAX_AGE_MS) : 0;
      store.set(key, { ...rendered, expiresAt, renderedAt: now.getTime(), retryAt: 0 }, generation);
    }
    return rendered;
  }

  /**
   * Answers a public page from memory, rendering it through `render` (Astro) on a miss;
   * returns false, having done nothing, for requests the cache does not take.
   */
  function handle(req: http.IncomingMessage, res: http.ServerResponse, render: Render): boolean {
    if (options.maxBytes <= 0) return false;
    const key = cacheKey(req, options.routed ?? null);
    if (key === null) return false;
    const hit = storeOf(key).get(key);
    if (hit) {
      respond(req, res, hit, 'HIT');
      return true;
    }
    const resting = fallBackFor(key);
    if (resting && resting.retryAt > Date.now()) {
      respond(req, res, resting, 'STALE');
      return true;
    }
    // Many visitors asking at once for a page that just changed wait for one render; but only
    // for one that started since the last write, or they would get the page as it was before.
    const flight = `${storeOf(key).generation} ${key}`;
    let pending = inFlight.get(flight);
    if (!pending) {
      pending = renderOnce(key, req, res, render).finally(() => inFlight.delete(flight));
      inFlight.set(flight, pending);
      pending
        .then((rendered) => (rendered ? respond(req, res, rendered, rendered.stale ? 'STALE' : 'MISS') : res.destroy()))
        .catch((error: unknown) => fail(res, error));
      return true;
    }
    // No answer from that render (its client left before its turn, or it broke off): the first
    // of those who waited renders the page, and the others wait for that.
    pending
      .then((rendered) => (rendered ? respond(req, res, rendered, stateOf(rendered)) : handle(req, res, render)))
      .catch((error: unknown) => fail(res, error));
    return true;
  }

  return {
    handle,

    /**
     * Clears the cache when a write to the API succeeds, before its answer leaves. Writes
     * elsewhere (a POST to a page: 405) never clear it, or anybody could keep it empty, nor do
     * those that change no page (signing in: pages kept through an outage stay). A write
     * that failed (5xx: the database went away, say) may or may not have landed: pages are rendered
     * anew, and those held kept to fall back on for a minute.
     */
    watchWrites(req: http.IncomingMessage, res: http.ServerResponse): void {
      if (isSafeMethod(req.method ?? 'GET') || !mayChangePages(req.url)) return;
      let done = false;
      const changed = (status: number) => {
        if (done || REFUSED.has(status)) return;
        done = true;
        if (status >= 500) doubt();
        else forget();
        options.announce?.();
      };
      const writeHead = res.writeHead.bind(res);
      res.writeHead = (status: number, ...rest: unknown[]) => {
        changed(status);
        return writeHead(status, ...(rest as []));
      };
      res.once('finish', () => changed(res.statusCode));
    },

    /** Another instance wrote, or we may have missed that it did. */
    invalidate: () => forget(),

    /**
     * While other instances' writes cannot be heard, pages are rendered every time, and those held
     * are kept to fall back on (a database restart ends the listener's connection too). Once heard
     * again, what was held is forgotten: a write may have been missed.
     */
    setCoherent(value: boolean) {
      coherent = value;
      if (value) forget();
      else doubt();
    },

    get coherent() {
      return coherent;
    },
  };

  function fail(res: http.ServerResponse, error: unknown): void {
    options.log.error({ err: error }, 'page cache: answering failed');
    if (!res.headersSent) {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Something went wrong.');
    } else {
      res.destroy();
    }
  }
}

/** The rendered answer's headers, less those the cache sets for each answer. */
function replayed(captured: Captured): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(captured.headers)) {
    if (value === undefined || PER_ANSWER.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/** An answer that sets no cookie and that no cache is told to keep to one person, or not keep. */
const forAnybody = (headers: Record<string, string>): boolean =>
  !('set-cookie' in headers) && !/no-store|private/.test(headers['cache-control'] ?? '');

/** `status`: the one status an answer under this key may be kept with (the not-found page's is 404). */
async function prepare(captured: Captured, status: 200 | 404): Promise<Rendered> {
  const headers = replayed(captured);
  const storable = captured.status === status && CACHEABLE_TYPES.test(headers['content-type'] ?? '') && forAnybody(headers);
  // The middleware's ETag is over these very bytes; a render that has none gets one here.
  const rendered = captured.headers.etag;
  const etag = typeof rendered === 'string' ? rendered : etagOf(captured.body);
  if (!storable) {
    // Answered once (a 404 for a made-up id, say): one fast compression, not the cache's best two.
    return {
      status: captured.status,
      headers,
      etag,
      identity: captured.body,
      gzip: await gzip(captured.body, { level: 6 }),
      brotli: null,
      storable,
    };
  }
  const [brotliBody, gzipBody] = await Promise.all([
    brotli(captured.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: captured.body.byteLength },
    }),
    gzip(captured.body, { level: 9 }),
  ]);
  return { status: captured.status, headers, etag, identity: captured.body, gzip: gzipBody, brotli: brotliBody, storable };
}

/**
 * A photo's answer, kept as it is: WebP and AVIF are compressed already. Only a 200 image for
 * anybody is kept (not a withdrawn photo's 404, the encoder's 503 or a redirect to another width).
 */
function preparePhoto(captured: Captured): Rendered {
  const headers = replayed(captured);
  const storable = captured.status === 200 && (headers['content-type'] ?? '').startsWith('image/') && forAnybody(headers);
  return { status: captured.status, headers, etag: etagOf(captured.body), identity: captured.body, gzip: null, brotli: null, storable };
}

const stateOf = (rendered: Rendered) => (rendered.stale ? 'STALE' : rendered.storable ? 'HIT' : 'MISS');

/**
 * HIT: answered from memory (or from one render shared by visitors who asked at once); MISS:
 * rendered for this request; STALE: the render failed, and this is the page as it last was.
 */
function respond(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: Rendered | CachedAnswer,
  state: 'HIT' | 'MISS' | 'STALE',
): void {
  const headers: Record<string, string | number> = {
    ...answer.headers,
    // Nobody down the line keeps a page the site could not vouch for as current.
    ...(state === 'STALE' ? { 'cache-control': 'no-cache' } : {}),
    'x-cache': state,
    etag: answer.etag,
    ...(answer.gzip && { vary: 'Accept-Encoding' }),
    'x-request-id': String(req.headers['x-request-id'] ?? ''),
  };
  if (answer.status === 200 && isFresh(req.headers['if-none-match'], answer.etag)) {
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = answer.gzip ? chooseEncoding(req, answer.brotli !== null) : undefined;
  const body = encoding === 'br' && answer.brotli ? answer.brotli : encoding === 'gzip' && answer.gzip ? answer.gzip : answer.identity;
  if (encoding === 'br' || encoding === 'gzip') headers['content-encoding'] = encoding;
  headers['content-length'] = body.byteLength;
  res.writeHead(answer.status, headers);
  // A HEAD request's answer has its headers only; Node drops the body (see main.ts).
  res.end(body);
}
