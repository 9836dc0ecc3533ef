import { z } from 'zod';
import { noControlCharacters } from '../shared/fields.ts';
import { DAY_MS } from '../shared/time.ts';
import { TRASH_DAYS } from '../trash/trash.schema.ts';

export const PASSWORD_MIN = 12;
/** What makes a password hard to guess, in a few words (the forms' hint, and the server's when it has no better). */
export const PASSWORD_ADVICE = 'three or four words that do not belong together.';
const PASSWORD_MAX = 200;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .toLowerCase()
  .min(3, 'Username must be at least 3 characters')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[a-z0-9._@-]+$/, 'Username may use letters, digits and . _ @ - only');

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .refine(...noControlCharacters('Password', { multiline: false }))
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const adminSchema = z.object({
  id: z.string(),
  username: z.string(),
  createdAt: z.string(),
  /** Devices signed in as this administrator now, and when one was last used: a stranger's sign-in shows here. */
  signedInDevices: z.number().int(),
  lastActiveAt: z.string().nullable(),
  /** The last sign-in in the activity log (a year), and from where: a stranger's shows here too. */
  lastSignIn: z.object({ at: z.string(), address: z.string().nullable(), device: z.string().nullable() }).nullable(),
  /** Whether signing in asks for an authenticator app's code too. */
  twoStep: z.boolean(),
  /** Wrong two-step codes sent with the right password since it was set, and when the last came: someone may have the password. */
  wrongCodes: z.number().int(),
  lastWrongCodeAt: z.string().nullable(),
  /**
   * Set by someone else, who knows it (its owner is asked to choose their own at the next sign-in):
   * until when it signs in (GIVEN_PASSWORD_DAYS after it was set). Null for one's own.
   */
  passwordGivenUntil: z.string().nullable(),
});
export type Admin = z.output<typeof adminSchema>;

/** How long a removed administrator can be put back, as deleted items can (docs/decisions/125). */
export const REMOVED_ADMIN_DAYS = TRASH_DAYS;

/** The earliest removal that can still be put back at `now`, as stored (ISO). */
export const removedAdminsSince = (now = new Date()) => new Date(now.getTime() - REMOVED_ADMIN_DAYS * DAY_MS).toISOString();

/** An administrator removed in the last REMOVED_ADMIN_DAYS, who can be put back as they were. */
export const removedAdminSchema = z.object({
  id: z.string(),
  username: z.string(),
  removedAt: z.string(),
  /** Who removed them (their name then); null for the server's command line. */
  removedBy: z.string().nullable(),
  /** When the account is forgotten for good, by itself. */
  purgeAt: z.string(),
});
export type RemovedAdmin = z.output<typeof removedAdminSchema>;

/** Asked before a removal. */
export const removeQuestion = (username: string) =>
  `Remove ${username}? They will no longer be able to sign in. For ${REMOVED_ADMIN_DAYS} days they can be put back under Recently removed.`;

/** Said once a removed administrator is back. */
export const restoredAdminMessage = (username: string) =>
  `${username} is an administrator again, with the same password. They sign in again on each device.`;

/** Why a removed administrator cannot be put back: someone took the name meanwhile. */
export const nameTakenMessage = (username: string) =>
  `Another administrator is called ${username} now, so ${username} cannot be put back. Add them again under a new name.`;

/** The signed-in administrator's own password, asked again before a change that outlasts a session. */
const currentPasswordSchema = z
  .string({ error: 'Your password is required' })
  .refine(...noControlCharacters('Your password', { multiline: false }))
  .min(1, 'Your password is required')
  .max(PASSWORD_MAX);
/** The answer, under `currentPassword`, to a wrong one (a guess, counted like a sign-in). */
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct';

/**
 * Body of POST /api/admin/administrators. The adder's own password too: a session alone (a phone
 * or a school computer left signed in) must not be able to add an administrator that outlives it.
 */
export const newAdminInputSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  currentPassword: currentPasswordSchema,
});

/**
 * Body of PUT /api/admin/password (a new password of one's own) and of
 * PUT /api/admin/administrators/{id}/password (another's who has forgotten theirs): the current
 * password is always the signed-in administrator's own.
 */
export const changePasswordInputSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** Setting one's own password from another's line is refused: it asks for the current one instead. */
export const OWN_PASSWORD_ELSEWHERE = 'Change your own password under “Change your password”.';

/** A change of one's own password to the same one. */
export const SAME_PASSWORD = 'Choose a new password, not the one you have now';

/**
 * How long a password another administrator set signs in before its owner has replaced it: the
 * message it was passed on in may be read later by others (docs/decisions/079).
 */
export const GIVEN_PASSWORD_DAYS = 7;
/** When a password set at `givenAt` (ISO) stops signing in, as epoch milliseconds. */
export const givenPasswordEnds = (givenAt: string): number => Date.parse(givenAt) + GIVEN_PASSWORD_DAYS * 86_400_000;
export const GIVEN_PASSWORD_EXPIRED = `This password was set for you more than ${GIVEN_PASSWORD_DAYS} days ago and no longer works. Ask another administrator to set a new one under Administrators.`;

/** The answer (403) to any call but choosing one's own password, while signed in with one someone else set. */
export const CHOOSE_OWN_PASSWORD =
  'Please choose your own password first: the one you signed in with was set for you by someone else, who knows it.';

/** What setting another administrator's new password did, and what to do next. */
export function passwordSetMessage(username: string): string {
  return `New password set for ${username}. They are signed out on every device: give them the new password in person. It works for ${GIVEN_PASSWORD_DAYS} days; when they sign in with it, they choose their own.`;
}

/**
 * The signed-in administrator's own password alone: the body of turning off two-step sign-in
 * (DELETE /api/admin/administrators/{id}/two-step) and of taking a backup to download.
 */
export const passwordConfirmationSchema = z.object({ currentPassword: currentPasswordSchema });

/** POST /api/admin/two-step: a new authenticator secret for the signed-in administrator, not yet in use. */
export const twoStepSetupSchema = z.object({
  secret: z.string(),
  /** The otpauth:// address an authenticator app reads (the QR code holds it). */
  otpauthUrl: z.string(),
  /** The QR code, as an image address (data:image/svg+xml). */
  qrCode: z.string(),
});

/** Body of PUT /api/admin/two-step: turns it on with that secret, proven by a code from the app. */
export const twoStepInputSchema = z.object({
  secret: z
    .string({ error: 'Start again: the secret is missing' })
    .regex(/^[A-Z2-7]{32}$/, 'Start again: that is not a secret this site made'),
  code: z
    .string({ error: 'Enter the 6-digit code your app shows' })
    .refine(...noControlCharacters('Code', { multiline: false }))
    .trim()
    .min(1, 'Enter the 6-digit code your app shows')
    .max(20, 'The code is 6 digits'),
  currentPassword: currentPasswordSchema,
});

/** What turning two-step sign-in on or off says, in the API's answer and the admin's notice alike. */
export function twoStepMessage(username: string, on: boolean, self: boolean): string {
  if (on) return 'Two-step sign-in is on: signing in now asks for the code your app shows. Your other devices are signed out.';
  return self
    ? 'Two-step sign-in is off: signing in asks for your password only.'
    : `Two-step sign-in is off for ${username}, and they are signed out on every device (a lost phone too): they sign in with their password only, and can turn it on again.`;
}

/** What a sign-out on every device says, in the API's answer and the admin's notice alike. */
export function signedOutMessage(username: string, self: boolean): string {
  return self ? 'Your other devices are signed out.' : `${username} is signed out on every device.`;
}
