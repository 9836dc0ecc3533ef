import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { changePasswordInputSchema, newAdminInputSchema, PASSWORD_MIN } from '../../core/admins/admins.schema.ts';
import { fieldErrorsOf } from '../api.ts';
import { formatDisplayDate } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import type { Admin, Me } from '../types.ts';
import { AdminPage, Card, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { useSave } from '../use-save.ts';
import { fieldErrors } from '../validate.ts';

/** Several volunteers can run the site: add one, remove one (never yourself, never the last), change your password. */
export function AdministratorsScreen() {
  const timeZone = useTimeZone();
  const admins = useQuery<Admin[]>({ queryKey: ['/api/admin/administrators'] });
  const me = useQuery<Me>({ queryKey: ['/api/admin/me'] });
  const remove = useSave<Admin>({
    method: 'DELETE',
    url: (admin) => `/api/admin/administrators/${admin.id}`,
    success: 'Administrator removed successfully',
    failure: 'Failed to remove administrator',
    refresh: ['/api/admin/administrators'],
  });
  const only = (admins.data ?? []).length <= 1;

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
                  </span>
                  {!self && !only && (
                    <Button
                      variant="destructive"
                      aria-label={`Remove ${admin.username}`}
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Remove ${admin.username}? They will no longer be able to sign in.`)) remove.mutate(admin);
                      }}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <AddAdministrator />
        <ChangePassword />
      </div>
    </AdminPage>
  );
}

function AddAdministrator() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [clientErrors, setErrors] = useState<Record<string, string>>({});
  const add = useSave<{ username: string; password: string }>({
    method: 'POST',
    url: () => '/api/admin/administrators',
    body: (input) => input,
    success: 'Administrator added successfully',
    failure: 'Failed to add administrator',
    refresh: ['/api/admin/administrators'],
    onSuccess: () => {
      setUsername('');
      setPassword('');
    },
  });
  const errors = { ...fieldErrorsOf(add.error), ...clientErrors };

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const missing = fieldErrors(newAdminInputSchema, { username, password });
    setErrors(missing);
    if (Object.keys(missing).length === 0) add.mutate({ username, password });
  }

  return (
    <Card>
      <h2 className="mb-3 text-xl font-bold">Add an administrator</h2>
      <form onSubmit={submit} noValidate className="space-y-4">
        <InputField
          label="New username"
          name="new-username"
          autoComplete="off"
          autoCapitalize="none"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={errors.username}
        />
        <InputField
          label="Their password"
          name="new-admin-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN} characters. Give it to them in person; they can change it.`}
        />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add Administrator'}
        </Button>
      </form>
    </Card>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [clientErrors, setErrors] = useState<Record<string, string>>({});
  const change = useSave<void>({
    method: 'PUT',
    url: () => '/api/admin/password',
    body: () => ({ currentPassword: current, newPassword: next }),
    success: 'Password changed successfully',
    failure: 'Failed to change password',
    refresh: [],
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirmation('');
    },
  });
  const errors = { ...fieldErrorsOf(change.error), ...clientErrors };

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const missing = fieldErrors(changePasswordInputSchema, { currentPassword: current, newPassword: next });
    if (!missing.newPassword && next !== confirmation) missing.confirmation = 'The two new passwords are not the same';
    setErrors(missing);
    if (Object.keys(missing).length === 0) change.mutate();
  }

  return (
    <Card>
      <h2 className="mb-3 text-xl font-bold">Change your password</h2>
      <form onSubmit={submit} noValidate className="space-y-4">
        <InputField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.currentPassword}
        />
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errors.newPassword}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <InputField
          label="New password again"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={errors.confirmation}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </Card>
  );
}
