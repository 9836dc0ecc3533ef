import { z } from 'zod';
import { noControlCharacters } from '../shared/fields.ts';

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
});
export type Admin = z.output<typeof adminSchema>;

/** Body of POST /api/admin/administrators. */
export const newAdminInputSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
});

/** Body of PUT /api/admin/password: one's own password. */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: newPasswordSchema,
});

/** What a sign-out on every device says, in the API's answer and the admin's notice alike. */
export function signedOutMessage(username: string, self: boolean): string {
  return self ? 'Your other devices are signed out.' : `${username} is signed out on every device.`;
}
