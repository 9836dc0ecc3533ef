// The request target (the address after the method) in the one form every part of the server reads
// the same way: the static files, the page cache, the guard in src/middleware.ts and Astro's router.
//
// They did not agree. Astro builds its URL by pasting the target after the host, so to its router
// `//news` is /news (it collapses leading slashes) and so is `/\news` (a backslash is a slash in an
// http: URL); `new URL('//news', base)` reads `news` as a host and `/` as the path. The page cache
// took `//rss.xml` for the home page and kept the feed as the home page for everybody, and the
// guard saw `//admin` as a public page. A target in absolute form (`http://host/path`, which
// proxies send and Node accepts) was worse: pasted after the host it does not parse, and Astro
// answered the home page, which the cache kept under `/path`. The Host header is pasted in too.

/** A host name, IPv4 or bracketed IPv6 address, and an optional port: what a Host header may be. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::[0-9]{0,5})?$/;

/**
 * Whether a Host header names a host and nothing else. Astro pastes it before the target too: with
 * `a b` or `localhost:99999` the URL did not parse and Astro rendered the home page for any
 * address; with `x/news` the home page's address was /news/ to it; with an empty one, `http:///news`
 * is the host `news`. Each was kept by the page cache under the address asked for.
 */
export function isHostHeader(host: string): boolean {
  return HOST.test(host) && URL.canParse(`http://${host}/`);
}

/** What a request's target becomes: the same, another address to send the client to, or refused. */
export type TargetVerdict =
  | { kind: 'as-is' }
  /** An address with the same meaning, in origin form: read the request as if it had asked for it. */
  | { kind: 'read-as'; target: string }
  /** The same page under its one address (doubled or back slashes, a trailing slash): 301 for reads. */
  | { kind: 'moved'; target: string }
  | { kind: 'unreadable' };

/** Slashes the way browsers and Astro read them, one at a time, no trailing one but the root's. */
function tidyPath(path: string): string {
  const tidy = path.replaceAll('\\', '/').replace(/\/{2,}/g, '/');
  return tidy.length > 1 && tidy.endsWith('/') ? tidy.slice(0, -1) : tidy;
}

export function judgeTarget(target: string | undefined): TargetVerdict {
  let asked = target ?? '/';
  let readAs = false;
  if (!asked.startsWith('/')) {
    // Absolute form: the path and query name the page; the host named is not this site's business
    // (links are built from PUBLIC_URL). Anything else (`*`, a bare word) names no page here.
    if (!/^https?:\/\//i.test(asked) || !URL.canParse(asked)) return { kind: 'unreadable' };
    const url = new URL(asked);
    asked = `${url.pathname}${url.search}`;
    readAs = true;
  }
  const queryAt = asked.indexOf('?');
  const path = queryAt === -1 ? asked : asked.slice(0, queryAt);
  const query = queryAt === -1 ? '' : asked.slice(queryAt);
  const tidy = tidyPath(path);
  if (tidy !== path) return { kind: 'moved', target: `${tidy}${query}` };
  return readAs ? { kind: 'read-as', target: asked } : { kind: 'as-is' };
}

/** Whether every part of the server reads `target` the same way (judgeTarget leaves it as it is). */
export const isTidyTarget = (target: string | undefined): boolean => judgeTarget(target).kind === 'as-is';
