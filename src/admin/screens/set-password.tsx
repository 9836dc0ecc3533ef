import { useState } from 'react';
import { GIVEN_PASSWORD_DAYS, passwordSetMessage } from '../../core/admins/admins.schema.ts';
import { fieldErrorsOf } from '../api.ts';
import type { Admin } from '../types.ts';
import { Button } from '../ui/button.tsx';
import { useAdminForm } from '../forms/use-admin-form.ts';
import { IN_PLACE_FORM, PasswordConfirm } from '../forms/password-confirm.tsx';
import { NewPasswordFields, NO_PASSWORDS, passwordChangeSchema, type PasswordChange } from '../forms/password-change.tsx';
import { useSave } from '../use-save.ts';
import { ACTIVITY_URL, ADMINISTRATORS_URL } from '../list-urls.ts';

/**
 * 'Set a new password' on another administrator's line: the way back in for a volunteer who has
 * forgotten theirs, as the site sends no mail. It asks for the password of whoever sets it, so
 * that a session alone (a phone or a school computer left signed in) cannot take anyone's sign-in.
 */
export function SetPassword({ admin }: { admin: Admin }) {
  const [asking, setAsking] = useState(false);
  const set = useSave<PasswordChange>({
    method: 'PUT',
    url: () => `${ADMINISTRATORS_URL}/${admin.id}/password`,
    body: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    success: () => passwordSetMessage(admin.username),
    failure: 'Failed to set the new password',
    refresh: [ADMINISTRATORS_URL, ACTIVITY_URL],
    onSuccess: () => close(),
  });
  const form = useAdminForm<PasswordChange>(passwordChangeSchema, NO_PASSWORDS, fieldErrorsOf(set.error), { guardUnsaved: false });
  const { register, submitWith, errorOf } = form;
  const close = () => {
    form.reset(NO_PASSWORDS);
    set.reset();
    setAsking(false);
  };

  if (!asking) {
    return (
      <Button variant="secondary" aria-label={`Set a new password for ${admin.username}`} onClick={() => setAsking(true)}>
        Set a new password
      </Button>
    );
  }
  return (
    <form
      aria-label={`New password for ${admin.username}`}
      onSubmit={submitWith((values) => set.mutate(values))}
      noValidate
      className={IN_PLACE_FORM}
    >
      <p className="text-sm text-slate-700">
        {`A new password for ${admin.username}, who has forgotten theirs. They are signed out on every device; give them the new password in person. It works for ${GIVEN_PASSWORD_DAYS} days, and they choose their own when they sign in with it.`}
      </p>
      <NewPasswordFields register={register} errorOf={errorOf} autoFocus />
      <PasswordConfirm
        field={register('currentPassword')}
        error={errorOf('currentPassword')}
        pending={set.isPending}
        label="Set password"
        pendingLabel="Setting..."
        onCancel={close}
      />
    </form>
  );
}
