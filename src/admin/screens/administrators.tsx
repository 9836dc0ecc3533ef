import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CHANGE_PASSWORD_ANCHOR } from '../../core/shared/admin-screens.ts';
import {
  GIVEN_PASSWORD_DAYS,
  newAdminInputSchema,
  PASSWORD_ADVICE,
  PASSWORD_MIN,
  removeQuestion,
  signedOutMessage,
} from '../../core/admins/admins.schema.ts';
import { fieldErrorsOf } from '../api.ts';
import { formatDisplayDate, formatDisplayDateTime } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import type { Admin, Me } from '../types.ts';
import { AdminPage, Card, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { useSave } from '../use-save.ts';
import { useAdminForm } from '../forms/use-admin-form.ts';
import { FormInputField } from '../forms/form-fields.tsx';
import { TwoStepCard } from './two-step-card.tsx';
import { TwoStepOff } from './two-step-off.tsx';
import { ChangeOwnPassword } from '../forms/change-own-password.tsx';
import { SetPassword } from './set-password.tsx';
import { lastSignIn, passwordGiven, signIns, wrongCodes } from './administrator-lines.ts';
import { ADMINISTRATORS_URL, REMOVED_ADMINISTRATORS_URL } from '../list-urls.ts';
import { RecentlyRemoved } from './removed-administrators.tsx';
import { RESTORE_ADMIN_HINT } from '../restore-administrator.tsx';

/**
 * Several volunteers can run the site: add one, remove one (never yourself, never the last; put
 * back for 30 days), sign one out on every device (a lost phone), change your password.
 */
export function AdministratorsScreen() {
  const timeZone = useTimeZone();
  const admins = useQuery<Admin[]>({ queryKey: [ADMINISTRATORS_URL] });
  const me = useQuery<Me>({ queryKey: ['/api/admin/me'] });
  // 'Undo' after a removal opens that account's 'Restore' under Recently removed, which asks for the password.
  const [restoring, setRestoring] = useState<string | null>(null);
  const remove = useSave<Admin>({
    method: 'DELETE',
    url: (admin) => `${ADMINISTRATORS_URL}/${admin.id}`,
    success: 'Administrator removed successfully',
    failure: 'Failed to remove administrator',
    refresh: [ADMINISTRATORS_URL, REMOVED_ADMINISTRATORS_URL],
    undo: (admin) => ({ run: () => setRestoring(admin.id), hint: RESTORE_ADMIN_HINT }),
  });
  const signOut = useSave<Admin & { self: boolean }>({
    method: 'DELETE',
    url: (admin) => `${ADMINISTRATORS_URL}/${admin.id}/sessions`,
    success: (admin) => signedOutMessage(admin.username, admin.self),
    failure: 'Failed to sign out',
    refresh: [ADMINISTRATORS_URL],
  });
  // Sent here to change a password (a password manager, /.well-known/change-password): that card,
  // once the list above it has loaded and stopped moving it down.
  useEffect(() => {
    if (!admins.isLoading && window.location.hash === `#${CHANGE_PASSWORD_ANCHOR}`) {
      document.getElementById(CHANGE_PASSWORD_ANCHOR)?.scrollIntoView();
    }
  }, [admins.isLoading]);
  const only = (admins.data ?? []).length <= 1;
  const myself = admins.data?.find((admin) => admin.id === me.data?.id);

  return (
    <AdminPage title="Administrators">
      <Card>
        <h2 className="mb-3 text-xl font-bold">Who can sign in</h2>
        {admins.isLoading ? (
          <LoadingText>Loading administrators...</LoadingText>
        ) : (
          <ul className="divide-y divide-slate-200">
            {(admins.data ?? []).map((admin) => {
              const self = admin.id === me.data?.id;
              return (
                <li key={admin.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span>
                    <span className="font-semibold">{admin.username}</span>
                    {self && <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-sm">you</span>}
                    <span className="block text-sm text-slate-600">Added {formatDisplayDate(admin.createdAt, timeZone)}</span>
                    <span className="block text-sm text-slate-600" data-testid="sign-ins">
                      {signIns(admin, (iso) => formatDisplayDateTime(iso, timeZone))}
                    </span>
                    {admin.lastSignIn && (
                      <span className="block text-sm text-slate-600" data-testid="last-sign-in">
                        {lastSignIn(admin.lastSignIn, formatDisplayDateTime(admin.lastSignIn.at, timeZone))}
                      </span>
                    )}
                    {admin.twoStep && <span className="block text-sm text-slate-600">Two-step sign-in is on.</span>}
                    {admin.passwordGivenUntil && !self && (
                      <span className="block text-sm text-slate-600" data-testid="password-given">
                        {passwordGiven(admin.passwordGivenUntil, formatDisplayDateTime(admin.passwordGivenUntil, timeZone))}
                      </span>
                    )}
                    {admin.wrongCodes > 0 && admin.lastWrongCodeAt && (
                      <span className="block text-sm font-semibold text-amber-800" data-testid="wrong-codes">
                        {wrongCodes(admin, self, formatDisplayDateTime(admin.lastWrongCodeAt, timeZone))}
                      </span>
                    )}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {!self && <SetPassword admin={admin} />}
                    {admin.twoStep && <TwoStepOff admin={admin} self={self} />}
                    {admin.signedInDevices > (self ? 1 : 0) && (
                      <Button
                        variant="secondary"
                        aria-label={self ? undefined : `Sign out ${admin.username} on every device`}
                        disabled={signOut.isPending}
                        onClick={() => {
                          const question = self
                            ? 'Sign out your other devices? This one stays signed in.'
                            : `Sign ${admin.username} out on every device? Whoever uses their sign-in must sign in again with the password.`;
                          if (window.confirm(question)) signOut.mutate({ ...admin, self });
                        }}
                      >
                        {self ? 'Sign out other devices' : 'Sign out'}
                      </Button>
                    )}
                    {!self && !only && (
                      <Button
                        variant="destructive"
                        aria-label={`Remove ${admin.username}`}
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(removeQuestion(admin.username))) remove.mutate(admin);
                        }}
                      >
                        Remove
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      <RecentlyRemoved restoring={restoring} onRestoring={setRestoring} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <AddAdministrator />
        <Card id={CHANGE_PASSWORD_ANCHOR}>
          <h2 className="mb-3 text-xl font-bold">Change your password</h2>
          <ChangeOwnPassword />
        </Card>
        <TwoStepCard self={myself} />
      </div>
    </AdminPage>
  );
}

function AddAdministrator() {
  const add = useSave<NewAdmin>({
    method: 'POST',
    url: () => ADMINISTRATORS_URL,
    body: (input) => input,
    success: 'Administrator added successfully',
    failure: 'Failed to add administrator',
    refresh: [ADMINISTRATORS_URL],
    onSuccess: () => form.reset(NO_NEW_ADMIN),
  });
  const form = useAdminForm<NewAdmin>(newAdminInputSchema, NO_NEW_ADMIN, fieldErrorsOf(add.error));
  const { control, submitWith, errorOf } = form;

  // Other names than "username" and "password", so that the browser does not fill in the
  // signed-in administrator's own: hence fields bound by value rather than registered by name.
  return (
    <Card>
      <h2 className="mb-3 text-xl font-bold">Add an administrator</h2>
      <form onSubmit={submitWith((values) => add.mutate(values))} noValidate className="space-y-4">
        <FormInputField
          control={control}
          name="username"
          inputName="new-username"
          label="New username"
          autoComplete="off"
          autoCapitalize="none"
          error={errorOf('username')}
        />
        <FormInputField
          control={control}
          name="password"
          inputName="new-admin-password"
          label="Their password"
          type="password"
          autoComplete="new-password"
          error={errorOf('password')}
          hint={`At least ${PASSWORD_MIN} characters, and hard to guess: ${PASSWORD_ADVICE} Give it to them in person: it works for ${GIVEN_PASSWORD_DAYS} days, and they choose their own when they first sign in.`}
        />
        <FormInputField
          control={control}
          name="currentPassword"
          inputName="current-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={errorOf('currentPassword')}
          hint="Asked so that nobody can add an administrator from a phone or computer you left signed in."
        />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Administrator'}
        </Button>
      </form>
    </Card>
  );
}

interface NewAdmin {
  username: string;
  password: string;
  currentPassword: string;
}

const NO_NEW_ADMIN: NewAdmin = { username: '', password: '', currentPassword: '' };
