import { z } from 'zod';
import { noControlCharacters } from '../shared/fields.ts';

/** Body of POST /api/admin/login. */
export const loginInputSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .refine(...noControlCharacters('Username', { multiline: false }))
    .trim()
    .min(1, 'Username is required')
    .max(200, 'Username must be at most 200 characters'),
  password: z
    .string({ error: 'Password is required' })
    .refine(...noControlCharacters('Password', { multiline: false }))
    .min(1, 'Password is required')
    .max(200, 'Password must be at most 200 characters'),
  /** The authenticator app's code, for an administrator with two-step sign-in on. */
  code: z
    .string()
    .refine(...noControlCharacters('Code', { multiline: false }))
    .max(20, 'The code is the 6 digits your authenticator app shows')
    .optional(),
});

export const loginResponseSchema = z.object({ token: z.string() });

export const INVALID_CREDENTIALS = 'Invalid username or password';
/** The answer (401, under `errors.code`) to a right password of an administrator with two-step sign-in, sent without a code. */
export const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app.';
/** A code that is not this administrator's now, or was already used. */
export const CODE_WRONG = 'That code is not right, or was already used. Enter the code your authenticator app shows now.';
