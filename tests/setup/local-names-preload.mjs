import dns from 'node:dns';
import process from 'node:process';

// Loaded into a test server with `--import` (never by the site itself): the names in LOCAL_NAMES
// (comma-separated) resolve to 127.0.0.1 for the server's own lookups, so that an address that
// must be on the internet (a booking page) can be served by a test on this machine, and nothing
// is looked up outside it. Plain JavaScript: the built server runs with TypeScript stripping off.

const names = new Set((process.env.LOCAL_NAMES ?? '').split(',').filter(Boolean));
const realLookup = dns.promises.lookup.bind(dns.promises);
dns.promises.lookup = (hostname, options) => {
  if (!names.has(hostname.toLowerCase())) return realLookup(hostname, options);
  const answer = { address: '127.0.0.1', family: 4 };
  return Promise.resolve(typeof options === 'object' && options?.all ? [answer] : answer);
};
