import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { notify } from '../../components/ui/notices.ts';
import { loginInputSchema } from '../../core/auth/auth.schema.ts';
import { ApiError, apiRequest, NetworkError } from '../api.ts';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { useAdminForm } from '../forms/use-admin-form.ts';
import { ADMIN_HOME_PAGE, ADMIN_SCREENS, returnPathFromQuery } from '../../core/shared/admin-screens.ts';

const isAppScreen = (path: string) => Object.values(ADMIN_SCREENS).some((screen) => path.split('?')[0] === screen.href);

/** There is no mail to send a link by: another administrator, or whoever runs the server, sets a new one. */
const FORGOTTEN_PASSWORD =
  'Forgotten your password? Another administrator can set a new one for you under Administrators, or whoever runs the site’s server can.';

/** SPEC §2 Admin login, §4 login form states and §8 login messages. */
export function LoginScreen() {
  const [, navigate] = useLocation();
  const [error, setError] = useState('');
  // Shown once the server asks for it: the password was right and two-step sign-in is on.
  const [askCode, setAskCode] = useState(false);
  // A sign-in form has nothing to lose: no unsaved-changes question.
  const { register, submitWith, errorOf, setFocus } = useAdminForm(
    loginInputSchema,
    { username: '', password: '', code: '' },
    {},
    { guardUnsaved: false },
  );

  const queryClient = useQueryClient();
  const login = useMutation({
    mutationFn: async ({ code, ...credentials }: { username: string; password: string; code?: string }) => {
      await apiRequest<{ token: string }>('POST', '/api/admin/login', askCode ? { ...credentials, code } : credentials);
      // Who signed in, before the first screen: it shows at once, or asks first for a password of
      // their own (docs/decisions/079). A failure here leaves the screens to ask for themselves.
      await queryClient.query({ queryKey: ['/api/admin/me'] }).catch(() => undefined);
    },
    onSuccess: () => {
      notify({ title: 'Login Successful', description: 'Welcome to the admin dashboard' });
      // On to the address asked for before signing in, if any (docs/decisions/110): a screen of
      // this app in place, a page the server renders (a news item's preview) by loading it.
      const back = returnPathFromQuery(window.location.search);
      if (!back) navigate(ADMIN_HOME_PAGE);
      else if (isAppScreen(back)) navigate(back);
      else window.location.assign(back);
    },
    onError: (failure) => {
      // A lost connection is not a wrong password: say which it was.
      const message =
        failure instanceof ApiError && failure.serverMessage
          ? failure.serverMessage
          : failure instanceof NetworkError
            ? failure.message
            : 'Authentication failed';
      setError(message);
      if (failure instanceof ApiError && failure.fieldErrors.code) {
        setAskCode(true);
        // After the field has appeared.
        setTimeout(() => setFocus('code'));
      }
      notify({ title: 'Login Failed', description: message, variant: 'destructive' });
    },
  });

  const submit = submitWith((credentials) => {
    setError('');
    login.mutate(credentials);
  });

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-sm rounded-lg bg-white p-6 shadow-md">
        <h1 className="mb-6 text-center text-2xl font-extrabold">Admin Login</h1>
        {error && (
          <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <form onSubmit={submit} noValidate className="space-y-4">
          <InputField
            label="Username"
            placeholder="admin"
            autoComplete="username"
            autoCapitalize="none"
            required
            {...register('username')}
            error={errorOf('username')}
          />
          <InputField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...register('password')}
            error={errorOf('password')}
          />
          {askCode && (
            <InputField
              label="Code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              {...register('code')}
              error={errorOf('code')}
            />
          )}
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Log in'}
          </Button>
        </form>
        <p className="mt-4 text-sm text-slate-600">{FORGOTTEN_PASSWORD}</p>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-blue-800 underline">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}
