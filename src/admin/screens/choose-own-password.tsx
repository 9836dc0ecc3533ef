import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useRoute } from 'wouter';
import type { Me } from '../types.ts';
import { LoadingText } from '../ui/admin-page.tsx';
import { ChangeOwnPassword } from '../forms/change-own-password.tsx';
import { useLogout } from '../use-logout.ts';

/**
 * Signed in with a password another administrator set (adding them, or 'Set a new password'), who
 * therefore knows it: the administrator chooses their own before any screen, as the server allows
 * them nothing else meanwhile (docs/decisions/079).
 */
export function OwnPasswordFirst({ children }: { children: ReactNode }) {
  const [signingIn] = useRoute('/admin');
  const me = useQuery<Me>({ queryKey: ['/api/admin/me'], enabled: !signingIn });
  if (signingIn) return children;
  // Known from the page on a full load; fetched once after signing in on the login screen.
  if (me.isPending) {
    return (
      <main id="main" className="px-4 py-10">
        <LoadingText>Loading...</LoadingText>
      </main>
    );
  }
  return me.data?.passwordGiven ? <ChooseOwnPassword me={me.data} /> : children;
}

function ChooseOwnPassword({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  useEffect(() => {
    document.title = 'Choose your own password | Admin';
  }, []);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-md">
        <h1 className="mb-3 text-2xl font-extrabold">Choose your own password</h1>
        <p className="mb-5 text-slate-700">
          {`Welcome, ${me.username}. Someone else set the password you signed in with, so they know it too. Choose one that only you know before going on.`}
        </p>
        <ChangeOwnPassword
          currentLabel="The password you were given"
          onChanged={() => queryClient.setQueryData<Me>(['/api/admin/me'], { ...me, passwordGiven: false })}
        />
        <p className="mt-6 text-center text-sm">
          <button type="button" className="text-blue-800 underline" disabled={logout.isPending} onClick={logout.mutate}>
            Logout
          </button>
        </p>
      </div>
    </main>
  );
}
