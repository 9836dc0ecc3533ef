import type { Admin } from '../types.ts';

// The lines under each administrator on the Administrators screen.

/** Until they sign in and choose their own, or it stops working unused (docs/decisions/079). */
export function passwordGiven(until: string, untilShown: string, now = Date.now()): string {
  return Date.parse(until) >= now
    ? `Has a password someone else set, which works until ${untilShown}: they choose their own when they sign in with it.`
    : 'The password someone else set for them was not used in time and no longer works: set a new one.';
}

/**
 * Where this administrator is signed in: a device nobody recognises is a sign-in to look into
 * (sign them out; change that password, since whoever signed in knows it).
 */
export function signIns(admin: Admin, when: (iso: string) => string): string {
  if (admin.signedInDevices === 0 || !admin.lastActiveAt) return 'Not signed in anywhere.';
  const devices = admin.signedInDevices === 1 ? '1 device' : `${admin.signedInDevices} devices`;
  return `Signed in on ${devices}; last active ${when(admin.lastActiveAt)}.`;
}

/** Where the last sign-in came from: an address or a browser the owner does not know is someone else. */
export function lastSignIn(signIn: NonNullable<Admin['lastSignIn']>, when: string): string {
  const where = [signIn.address && `from ${signIn.address}`, signIn.device && `with ${signIn.device}`].filter(Boolean).join(' ');
  return `Last signed in ${when}${where ? ` ${where}` : ''}.`;
}

/**
 * Wrong two-step codes sent with the right password: unless the owner mistyped them, someone else
 * has the password, and only a new one stops them (the count starts again when it is changed).
 */
export function wrongCodes(admin: Admin, self: boolean, last: string): string {
  const times = admin.wrongCodes === 1 ? 'once' : `${admin.wrongCodes} times`;
  const who = self ? 'you' : admin.username;
  const change = self ? 'change your password' : `${admin.username} should change their password`;
  return `The right password was sent with a wrong two-step code ${times}, last ${last}. If that was not ${who}, someone knows the password: ${change}.`;
}
