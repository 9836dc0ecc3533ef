import type http from 'node:http';
import type { Logger } from '../../core/logger.ts';
import { canonicalAddress, isLoopbackHost, isPublicAddress } from '../../core/shared/addresses.ts';

// Settings a host's operator gets wrong, and that nothing on the site's own pages shows: the
// requests themselves tell. Each says so in the log, with what to do, at most once an hour.

const EVERY_MS = 60 * 60_000;

export interface SetupSettings {
  /** False when PUBLIC_URL was left out and publicUrl is the localhost default. */
  publicUrlSet: boolean;
  publicUrl: string;
  trustProxy: boolean;
}

export function createSetupChecks({ publicUrlSet, publicUrl, trustProxy }: SetupSettings, log: Logger) {
  const lastSaid = { publicUrl: -Infinity, trustProxy: -Infinity, proxyBypassed: -Infinity };
  // Looked at first: while a warning is quiet, a request costs a comparison.
  const quiet = (which: keyof typeof lastSaid, now: number) => now - lastSaid[which] < EVERY_MS;

  /**
   * Without PUBLIC_URL the links the site gives out (the feeds, the calendar, the sitemap, shared
   * and previewed links) name http://localhost:PORT, while its pages link within themselves.
   */
  function publicUrlUnset(hostHeader: string | undefined, now: number): void {
    // The front door has let only a host name or address, with an optional port, through.
    if (publicUrlSet || !hostHeader || quiet('publicUrl', now) || isLoopbackHost(hostHeader.replace(/:\d*$/, ''))) return;
    lastSaid.publicUrl = now;
    log.warn(
      { publicUrl, reachedAs: hostHeader },
      `PUBLIC_URL is not set, so the links this site gives out (feeds, calendar, sitemap, shared links) name ${publicUrl}, but it was reached as ${hostHeader}. Set PUBLIC_URL to the address visitors use (https://… behind a proxy) and restart.`,
    );
  }

  /**
   * Behind a proxy without TRUST_PROXY every visitor is the proxy's address: one person's wrong
   * passwords lock everyone out of signing in, and one address's connection limit is the whole
   * site's. Only a proxy on this machine or its network is taken at its word: a client on the
   * internet that sends X-Forwarded-For itself must not talk the operator into trusting it.
   */
  function proxyNotTrusted(req: http.IncomingMessage, now: number): void {
    if (trustProxy || req.headers['x-forwarded-for'] === undefined || quiet('trustProxy', now)) return;
    const from = canonicalAddress(req.socket.remoteAddress ?? '');
    if (!from || isPublicAddress(from)) return;
    lastSaid.trustProxy = now;
    log.warn(
      { proxy: from },
      `Requests come through a proxy at ${from} (they carry X-Forwarded-For), but TRUST_PROXY is not set, so every visitor counts as the proxy: one person's wrong passwords lock everyone out of signing in. Set TRUST_PROXY=true and restart.`,
    );
  }

  /**
   * The opposite: TRUST_PROXY set, and a request from the internet that no proxy passed on (a
   * proxy always adds X-Forwarded-For). Whoever can reach the port directly can write that header
   * themselves, a new address for each guess, and the sign-in lockout never comes.
   */
  function proxyBypassed(req: http.IncomingMessage, now: number): void {
    if (!trustProxy || req.headers['x-forwarded-for'] !== undefined || quiet('proxyBypassed', now)) return;
    const from = canonicalAddress(req.socket.remoteAddress ?? '');
    if (!isPublicAddress(from)) return;
    lastSaid.proxyBypassed = now;
    log.warn(
      { from },
      `TRUST_PROXY is set, but a request came straight from ${from}, not through the proxy: whoever can reach this port can write X-Forwarded-For themselves and dodge the sign-in lockout. Let only the proxy reach it (HOST=127.0.0.1 with the proxy on this machine, or a firewall), or unset TRUST_PROXY.`,
    );
  }

  return (req: http.IncomingMessage, now = Date.now()): void => {
    publicUrlUnset(req.headers.host, now);
    proxyNotTrusted(req, now);
    proxyBypassed(req, now);
  };
}
