import { fieldErrorsOf } from '../api.ts';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { useSave } from '../use-save.ts';
import { useAdminForm } from './use-admin-form.ts';
import { NewPasswordFields, NO_PASSWORDS, passwordChangeSchema, type PasswordChange } from './password-change.tsx';
import { ADMINISTRATORS_URL } from '../list-urls.ts';

/**
 * The signed-in administrator's own new password, with the current one: 'Change your password'
 * on the Administrators screen, and the first thing asked after signing in with a password
 * someone else set (docs/decisions/079).
 */
export function ChangeOwnPassword({ onChanged, currentLabel = 'Current password' }: { onChanged?: () => void; currentLabel?: string }) {
  const change = useSave<PasswordChange>({
    method: 'PUT',
    url: () => '/api/admin/password',
    body: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    success: 'Password changed successfully',
    failure: 'Failed to change password',
    refresh: [ADMINISTRATORS_URL],
    onSuccess: () => {
      form.reset(NO_PASSWORDS);
      onChanged?.();
    },
  });
  const form = useAdminForm<PasswordChange>(passwordChangeSchema, NO_PASSWORDS, fieldErrorsOf(change.error));
  const { register, submitWith, errorOf } = form;

  return (
    <form onSubmit={submitWith((values) => change.mutate(values))} noValidate className="space-y-4">
      <InputField
        label={currentLabel}
        type="password"
        autoComplete="current-password"
        {...register('currentPassword')}
        error={errorOf('currentPassword')}
      />
      <NewPasswordFields register={register} errorOf={errorOf} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
