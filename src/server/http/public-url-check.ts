import type { Logger } from '../../core/logger.ts';

const EVERY_MS = 60 * 60_000;
/** Names and addresses of this machine itself: a visit by them says nothing about the site's address. */
const LOOPBACK = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])\.?$/i;

/**
 * Without PUBLIC_URL the links the site gives out (the feeds, the calendar, the sitemap, shared
 * and previewed links) name http://localhost:PORT, and nothing on its pages shows it: they link
 * within themselves. The first request that reaches the site by another name says so in the log,
 * with what to set, and again at most once an hour.
 */
export function createPublicUrlCheck({ publicUrlSet, publicUrl, log }: { publicUrlSet: boolean; publicUrl: string; log: Logger }) {
  let lastWarned = -Infinity;
  return (hostHeader: string | undefined, now = Date.now()): void => {
    if (publicUrlSet || !hostHeader || now - lastWarned < EVERY_MS) return;
    if (!URL.canParse(`http://${hostHeader}/`)) return;
    const { hostname } = new URL(`http://${hostHeader}/`);
    if (LOOPBACK.test(hostname)) return;
    lastWarned = now;
    log.warn(
      { publicUrl, reachedAs: hostHeader },
      `PUBLIC_URL is not set, so the links this site gives out (feeds, calendar, sitemap, shared links) name ${publicUrl}, but it was reached as ${hostHeader}. Set PUBLIC_URL to the address visitors use (https://… behind a proxy) and restart.`,
    );
  };
}
