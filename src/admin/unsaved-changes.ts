import { useEffect } from 'react';

const UNSAVED_MESSAGE = 'You have unsaved changes. Leave without saving?';

/** The one question asked before typed text is thrown away. */
export function confirmDiscard(): boolean {
  return window.confirm(UNSAVED_MESSAGE);
}

let dirtyForms = 0;

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
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyForms -= 1;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
