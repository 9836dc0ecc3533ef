import { useState } from 'react';
import { twoStepMessage } from '../../core/admins/admins.schema.ts';
import type { Admin } from '../types.ts';
import { Button } from '../ui/button.tsx';
import { PasswordForm } from '../forms/password-confirm.tsx';
import { useSave } from '../use-save.ts';
import { ADMINISTRATORS_URL } from '../list-urls.ts';

/**
 * 'Turn off two-step' on an administrator's line: one's own, or another's whose phone is lost.
 * It asks for the password of whoever turns it off, so that a session alone (a phone or a school
 * computer left signed in) cannot weaken anyone's sign-in.
 */
export function TwoStepOff({ admin, self }: { admin: Admin; self: boolean }) {
  const [asking, setAsking] = useState(false);
  const turnOff = useSave<{ currentPassword: string }>({
    method: 'DELETE',
    url: () => `${ADMINISTRATORS_URL}/${admin.id}/two-step`,
    body: (input) => input,
    success: () => twoStepMessage(admin.username, false, self),
    failure: 'Failed to turn off two-step sign-in',
    refresh: [ADMINISTRATORS_URL],
    onSuccess: () => setAsking(false),
  });

  if (!asking) {
    return (
      <Button
        variant="secondary"
        aria-label={`Turn off two-step sign-in${self ? '' : ` for ${admin.username}`}`}
        onClick={() => setAsking(true)}
      >
        Turn off two-step
      </Button>
    );
  }
  return (
    <PasswordForm save={turnOff} label="Turn off" pendingLabel="Turning off..." onCancel={() => setAsking(false)}>
      <p className="text-sm text-slate-700">
        {self
          ? 'Turn off two-step sign-in? Signing in will ask for your password only.'
          : `Turn off two-step sign-in for ${admin.username}? Do this when they have lost their phone: they are signed out on every device, sign in with their password, and can turn it on again.`}
      </p>
    </PasswordForm>
  );
}
