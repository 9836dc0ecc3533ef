import { useEffect } from 'react';

const UNSAVED_MESSAGE = 'You have unsaved changes. Leave without saving?';

const discardListeners = new Set<() => void>();

/** The one question asked before typed text is thrown away; a yes also forgets its drafts (drafts.ts). */
export function confirmDiscard(): boolean {
  const discard = window.confirm(UNSAVED_MESSAGE);
  if (discard) for (const listener of discardListeners) listener();
  return discard;
}

/** Called when the person says yes to throwing away what they typed; answers the unsubscribe. */
export function onDiscard(listener: () => void): () => void {
  discardListeners.add(listener);
  return () => discardListeners.delete(listener);
}

let dirtyForms = 0;
/** Set once the person agreed to leave (signing out): the browser does not ask a second time as the page goes. */
let leavingAgreed = false;

/** Before a full page load the person chose (signing out): asks once if anything typed would be lost; false to stay. */
export function agreeToLeave(): boolean {
  if (hasUnsavedChanges() && !confirmDiscard()) return false;
  leavingAgreed = true;
  return true;
}

/** True while any form on the screen has unsaved edits; the router asks before leaving. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms > 0;
}

/** Registers a form's unsaved state: closing the tab or leaving the screen asks first. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    dirtyForms += 1;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!leavingAgreed) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyForms -= 1;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
