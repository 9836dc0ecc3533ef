import dns from 'node:dns';
import net from 'node:net';
import process from 'node:process';

// Loaded into a test server with `--import` (never by the site itself): any name other than this
// machine's is refused, and said on stderr as `outside lookup refused: {name}`, so that a test
// can show that the server asked nothing of the internet (a library's usage report or update
// check included). Plain JavaScript: the server may run with TypeScript stripping off.

const LOCAL_NAMES = new Set(['localhost']);
// An address written as numbers is no question to a name server (a listener's 0.0.0.0 or ::).
const isLocal = (hostname) => net.isIP(String(hostname)) !== 0 || LOCAL_NAMES.has(String(hostname).toLowerCase());
const refused = (hostname) => {
  process.stderr.write(`outside lookup refused: ${hostname}\n`);
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
};

const realLookup = dns.lookup;
dns.lookup = (hostname, options, callback) => {
  const done = typeof options === 'function' ? options : callback;
  if (isLocal(hostname)) return realLookup(hostname, options, callback);
  process.nextTick(() => done(refused(hostname)));
  return undefined;
};
const realPromiseLookup = dns.promises.lookup.bind(dns.promises);
dns.promises.lookup = (hostname, options) => (isLocal(hostname) ? realPromiseLookup(hostname, options) : Promise.reject(refused(hostname)));
