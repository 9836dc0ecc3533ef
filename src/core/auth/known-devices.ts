import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// A browser an administrator signed in on before keeps a proof of it (a cookie sent only to the
// sign-in call). Guesses sent with a valid proof are counted for that device alone, not with the
// guesses at the username from everywhere nor with its network's: an attack on the username
// from many addresses cannot keep its owner out (docs/decisions/122-known-devices.md).

/** How long a browser stays known without signing in again (Chrome keeps a cookie 400 days at most). */
export const KNOWN_DEVICE_DAYS = 365;

const NONCE = /^[A-Za-z0-9_-]{22}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

// Keyed by the stored password hash: nobody without the database can make one, and a new
// password forgets every device known before it.
const mac = (adminId: string, nonce: string, passwordHash: string) =>
  createHmac('sha256', passwordHash).update(`known device\n${adminId}\n${nonce}`).digest('base64url');

/** A new proof for this administrator on this browser. */
export function newKnownDevice(admin: { id: string; passwordHash: string }): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${admin.id}.${nonce}.${mac(admin.id, nonce, admin.passwordHash)}`;
}

/** The device's own name (its nonce) when `proof` is a valid one for this administrator; else null. */
export function knownDeviceOf(proof: string | undefined, admin: { id: string; passwordHash: string }): string | null {
  if (!proof || proof.length > 200) return null;
  const [adminId, nonce, given, ...rest] = proof.split('.');
  if (rest.length > 0 || adminId !== admin.id || !nonce || !given || !NONCE.test(nonce) || !MAC.test(given)) return null;
  const expected = Buffer.from(mac(admin.id, nonce, admin.passwordHash));
  return timingSafeEqual(expected, Buffer.from(given)) ? nonce : null;
}
