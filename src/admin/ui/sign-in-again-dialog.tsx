import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { errorMessage, fetchText, toApiError } from '../api.ts';
import { $signInAgain } from '../sign-in-again.ts';
import type { Me } from '../types.ts';
import { Button } from './button.tsx';
import { InputField } from './field.tsx';

/**
 * Shown when a save meets an expired session: signing in here sends the save again, with
 * everything typed still in its form. Cancel keeps the form too, with the save not made.
 */
export function SignInAgainDialog() {
  const request = useStore($signInAgain);
  const me = useQuery<Me>({ queryKey: ['/api/admin/me'], enabled: false });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const name = username || me.data?.username || '';

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      // Not apiCall: a 401 here is a wrong password, not another expired session.
      const { response: answer, text } = await fetchText('/api/admin/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: name, password }),
      });
      if (!answer.ok) {
        setError(toApiError(answer, text).serverMessage || `${answer.status}: could not sign in`);
        return;
      }
      setPassword('');
      // Perhaps as someone else: what is typed from now on is theirs (drafts.ts).
      void me.refetch();
      request?.settle(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && request?.settle(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[70] w-[calc(100vw-1.5rem)] max-w-[420px] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-xl font-bold">Sign in again to save</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">
            Your session has ended. Sign in again and your changes will be saved; nothing you typed is lost.
          </Dialog.Description>
          <form onSubmit={(event) => void submit(event)} className="mt-4 space-y-4" noValidate>
            <InputField label="Username" autoComplete="username" value={name} onChange={(event) => setUsername(event.target.value)} />
            <InputField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={error}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy || !password}>
                {busy ? 'Signing in...' : 'Sign in and save'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
