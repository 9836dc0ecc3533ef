import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { clearDraft, readDraft, writeDraft } from '../drafts.ts';
import type { Me } from '../types.ts';
import { onDiscard } from '../unsaved-changes.ts';

/** Where a form's draft is kept (drafts.ts's draftKey), and the version of the item it edits ('' for a new one). */
export interface DraftOf {
  key: string;
  version: string;
}

/** Typing is written at most this often; a tab put in the background is written at once. */
const WRITE_AFTER_MS = 300;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A draft put back in a form: the form says so, with 'Discard' (draft-restored.tsx). */
export interface RestoredDraft {
  discard: () => void;
}

/**
 * Keeps what is typed in the form as a draft (drafts.ts), and puts it back when the same form
 * opens again on the same version of the item; returns it while it shows, for the form to say so
 * and offer 'Discard'. Said inside the form, not in a notice: a notice over a dialog is hidden
 * from screen readers and out of the keyboard's reach, and covers the form's top on a phone.
 */
export function useDraft<Values extends FieldValues>(form: UseFormReturn<Values>, draft: DraftOf | undefined): RestoredDraft | null {
  const key = draft?.key;
  const { reset, watch, getValues } = form;
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  // Whose typing it is: nothing is read or written until the signed-in administrator is known.
  const owner = useQuery<Me>({ queryKey: ['/api/admin/me'] }).data?.id;
  // Read when a draft is written: the item's version now, and what was loaded or last saved (a
  // page's save resets the form to it).
  const version = useRef(draft?.version ?? '');
  const defaults = useRef(form.formState.defaultValues);
  useEffect(() => {
    version.current = draft?.version ?? '';
    defaults.current = form.formState.defaultValues;
  });

  // Saved (a page's form stays open, reset to what was saved) or discarded: nothing to say any
  // more. Adjusted as it renders (React's pattern for state that follows a change), not in an effect.
  const dirty = form.formState.isDirty;
  const [wasDirty, setWasDirty] = useState(dirty);
  if (dirty !== wasDirty) {
    setWasDirty(dirty);
    if (!dirty) setRestored(null);
  }

  useEffect(() => {
    if (!key || !owner) return;
    // Typing that came before the administrator was known is theirs: kept, and not replaced.
    const typed = !same(getValues(), defaults.current);
    const stored = typed ? null : readDraft<Values>(key, version.current, owner);
    if (stored && !same(stored.values, getValues())) {
      reset({ ...getValues(), ...stored.values }, { keepDefaultValues: true });
      setRestored({
        discard: () => {
          clearDraft(key);
          reset();
          setRestored(null);
        },
      });
    }

    let pending: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      pending = undefined;
      const values = getValues();
      // Back to what was loaded or last saved: nothing to keep.
      if (same(values, defaults.current)) clearDraft(key);
      else writeDraft(key, version.current, owner, values);
    };
    if (typed) pending = setTimeout(write, 0);
    const subscription = watch(() => {
      if (pending === undefined) pending = setTimeout(write, WRITE_AFTER_MS);
    });
    // A phone's browser may close a tab once it is in the background: write before that.
    const flush = () => {
      if (document.visibilityState === 'hidden' && pending !== undefined) {
        clearTimeout(pending);
        write();
      }
    };
    document.addEventListener('visibilitychange', flush);
    const stopListening = onDiscard(() => {
      clearTimeout(pending);
      pending = undefined;
      clearDraft(key);
    });
    return () => {
      // Closed after a save or a discard: a write still waiting would bring the draft back.
      clearTimeout(pending);
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', flush);
      stopListening();
      setRestored(null);
    };
  }, [key, owner, reset, watch, getValues]);
  return restored;
}
