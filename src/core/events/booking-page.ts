import type http from 'node:http';
import parseContentSecurityPolicy from 'content-security-policy-parser';
import { anyAddress, publicOnly, safeProbe, type PageHead } from '../images/safe-download.ts';
import type { BookingPage } from './events.schema.ts';

// An event's booking page opens in a frame on the site (SPEC §4). Many booking services forbid
// being framed (X-Frame-Options, or CSP frame-ancestors): visitors then saw an empty frame saying
// the page refused to connect, with the link to open it in a new tab above. So the page is asked
// once, when its address is saved, and its answer kept (docs/decisions/082).

export type CheckBookingPage = (url: string) => Promise<BookingPage | null>;

const TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 5;
// Names that never resolve on the internet (RFC 2606, RFC 6761): never looked up.
const RESERVED = /(^|\.)(test|example|invalid|localhost|local)$|(^|\.)example\.(com|net|org)$/i;

export function bookingPageChecker(deps: {
  enabled: boolean;
  allowPrivate: boolean;
  /** This site's origin (PUBLIC_URL), which a frame-ancestors list must name. */
  siteOrigin: string;
  probe?: typeof safeProbe;
}): CheckBookingPage {
  const probe = deps.probe ?? safeProbe;
  return async (url) => {
    // 'example.org.' (a trailing dot) is the same name.
    if (!deps.enabled || RESERVED.test(new URL(url).hostname.replace(/\.$/, ''))) return null;
    let head: PageHead;
    try {
      head = await probe(url, {
        timeoutMs: TIMEOUT_MS,
        maxRedirects: MAX_REDIRECTS,
        isAllowedAddress: deps.allowPrivate ? anyAddress : publicOnly,
      });
    } catch {
      // No answer says nothing sure (a server without a way out, a name that did not resolve
      // just now): the frame as the spec has it.
      return null;
    }
    if (head.status === 404 || head.status === 410) return 'missing';
    // A refusal (403 to a program, a challenge page) does not carry the real page's headers.
    if (head.status < 200 || head.status >= 300) return null;
    return framingAllowed(head.headers, deps.siteOrigin) ? 'frame' : 'new-tab';
  };
}

/**
 * Whether a browser shows this answer in a frame on a page of `siteOrigin`. CSP's
 * frame-ancestors, in every policy sent, decides when present (browsers then ignore
 * X-Frame-Options); otherwise X-Frame-Options DENY or SAMEORIGIN forbid it.
 */
export function framingAllowed(headers: http.IncomingHttpHeaders, siteOrigin: string): boolean {
  const policies = [headers['content-security-policy'] ?? []]
    .flat()
    .flatMap((header) => header.split(','))
    .map((policy) => parseContentSecurityPolicy(policy).get('frame-ancestors'))
    .filter((sources) => sources !== undefined);
  if (policies.length > 0) return policies.every((sources) => sources.some((source) => sourceMatches(source, new URL(siteOrigin))));
  const frameOptions = [headers['x-frame-options'] ?? []].flat().join(',').toLowerCase();
  return !/\b(deny|sameorigin)\b/.test(frameOptions);
}

/** A frame-ancestors source expression against this site's origin (CSP 3 §6.7.2.8, the parts booking pages use). */
function sourceMatches(source: string, site: URL): boolean {
  const expression = source.toLowerCase();
  if (expression === '*') return site.protocol === 'https:' || site.protocol === 'http:';
  // 'self' is the booking page's own origin, never this site; 'none' and other keywords allow nothing.
  if (expression.startsWith("'")) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):$/.exec(expression)?.[1];
  if (scheme) return `${scheme}:` === site.protocol || (scheme === 'http' && site.protocol === 'https:');
  const host = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+|\*)(?::(\d+|\*))?(?:\/.*)?$/.exec(expression);
  if (!host) return false;
  const [, hostScheme, wildcard, name, port] = host;
  if (hostScheme && `${hostScheme}:` !== site.protocol && !(hostScheme === 'http' && site.protocol === 'https:')) return false;
  if (!hostScheme && site.protocol !== 'https:' && site.protocol !== 'http:') return false;
  const hostname = site.hostname.toLowerCase();
  const nameMatches = wildcard ? hostname.endsWith(`.${name}`) : name === '*' || hostname === name;
  const sitePort = site.port || (site.protocol === 'https:' ? '443' : '80');
  // No port in the source: only the scheme's default port.
  const portMatches = port === '*' || (port ? port === sitePort : site.port === '');
  return nameMatches && portMatches;
}
