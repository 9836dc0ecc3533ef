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
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});

export const loginResponseSchema = z.object({ token: z.string() });

export const INVALID_CREDENTIALS = 'Invalid username or password';
