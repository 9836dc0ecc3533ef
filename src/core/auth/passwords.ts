import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createLimiter } from '../shared/limiter.ts';

// scrypt with N=2^15, r=8, p=1 (about 32 MiB and ~100 ms here): parameters travel in the
// stored string so they can be raised later without invalidating existing hashes.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

// One hash at a time, a short queue, and a "busy" answer past it: a flood of sign-ins costs one
// core at most, and visitors' pages keep the other. Sign-ins from browsers an administrator used
// before have a line of their own, which a flood from elsewhere cannot fill (docs/decisions/122):
// each such device is locked out after 5 wrong guesses, so it holds a few hashes at most.
const HASH_CONCURRENCY = 1;
const HASH_QUEUE = 32;
const KNOWN_DEVICE_QUEUE = 8;
const HASHING_BUSY = 'The server is busy checking other sign-ins. Please try again in a few seconds.';
const lines = {
  anyone: createLimiter(HASH_CONCURRENCY, HASH_QUEUE, HASHING_BUSY),
  'known device': createLimiter(HASH_CONCURRENCY, KNOWN_DEVICE_QUEUE, HASHING_BUSY),
};
export type HashingLine = keyof typeof lines;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions, line: HashingLine = 'anyone'): Promise<Buffer> {
  return lines[line].run(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

const maxmem = (N: number, r: number) => 256 * N * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * A stored hash that costs as much to check as a real one and that no password matches: random
 * bytes where the key would be (a chance of 2^-512). Unknown usernames are checked against it so
 * that they take as long as wrong passwords. Made without running scrypt: hashing a random
 * password for it cost every start (and every command) 85 ms of CPU and 32 MiB for nothing.
 */
export function hashOfNoPassword(): string {
  const { N, r, p } = PARAMS;
  return `scrypt$${N}$${r}$${p}$${randomBytes(16).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string, line: HashingLine = 'anyone'): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const N = Number(n);
  const R = Number(r);
  const actual = await scrypt(
    password,
    Buffer.from(salt, 'base64'),
    expected.length,
    { N, r: R, p: Number(p), maxmem: maxmem(N, R) },
    line,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
