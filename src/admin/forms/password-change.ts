import { z } from 'zod';
import { changePasswordInputSchema } from '../../core/admins/admins.schema.ts';

/** A new password typed twice, and the signed-in administrator's own: one's own change, or another's forgotten one. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

export const NO_PASSWORDS: PasswordChange = { currentPassword: '', newPassword: '', confirmation: '' };

/** The API's rules for a new password, and the second entry of the new password matching the first. */
export const passwordChangeSchema = changePasswordInputSchema
  .extend({ confirmation: z.string() })
  .refine((values) => values.newPassword === values.confirmation, {
    path: ['confirmation'],
    message: 'The two new passwords are not the same',
  });
