import type { UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordInputSchema, PASSWORD_ADVICE, PASSWORD_MIN } from '../../core/admins/admins.schema.ts';
import { InputField } from '../ui/field.tsx';

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

/** The new password and its second entry, with the rules in a few words. */
export function NewPasswordFields({
  register,
  errorOf,
  autoFocus = false,
}: {
  register: UseFormRegister<PasswordChange>;
  errorOf: (field: keyof PasswordChange) => string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <>
      <InputField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        {...register('newPassword')}
        error={errorOf('newPassword')}
        hint={`At least ${PASSWORD_MIN} characters, and hard to guess: ${PASSWORD_ADVICE}`}
      />
      <InputField
        label="New password again"
        type="password"
        autoComplete="new-password"
        {...register('confirmation')}
        error={errorOf('confirmation')}
      />
    </>
  );
}
