import { atom } from 'nanostores';

/** Set while a save waits for the administrator to sign in again; the dialog settles it. */
export const $signInAgain = atom<{ settle: (signedIn: boolean) => void } | null>(null);

let pending: Promise<boolean> | null = null;

/**
 * A save met an expired session: ask to sign in again on this screen, so that what was typed is
 * still there, and resolve true once signed in (the save is then sent again) or false if the
 * administrator cancels. Saves that meet it at the same moment wait for the same answer.
 */
export function signInAgain(): Promise<boolean> {
  pending ??= new Promise<boolean>((resolve) => {
    $signInAgain.set({
      settle: (signedIn) => {
        $signInAgain.set(null);
        pending = null;
        resolve(signedIn);
      },
    });
  });
  return pending;
}
