import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../../components/ui/notices.ts';
import { clearDraft, readDraft, writeDraft } from '../drafts.ts';
import { onDiscard } from '../unsaved-changes.ts';

/** Where a form's draft is kept (drafts.ts's draftKey), and the version of the item it edits ('' for a new one). */
export interface DraftOf {
  key: string;
  version: string;
}

/** Typing is written at most this often; a tab put in the background is written at once. */
const WRITE_AFTER_MS = 300;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps what is typed in the form as a draft (drafts.ts), and puts it back, with a notice offering
 * 'Discard', when the same form opens again on the same version of the item.
 */
export function useDraft<Values extends FieldValues>(form: UseFormReturn<Values>, draft: DraftOf | undefined): void {
  const key = draft?.key;
  const { reset, watch, getValues } = form;
  // Read when a draft is written: the item's version now, and what was loaded or last saved (a
  // page's save resets the form to it).
  const version = useRef(draft?.version ?? '');
  const defaults = useRef(form.formState.defaultValues);
  useEffect(() => {
    version.current = draft?.version ?? '';
    defaults.current = form.formState.defaultValues;
  });

  useEffect(() => {
    if (!key) return;
    const stored = readDraft<Values>(key, version.current);
    if (stored && !same(stored.values, getValues())) {
      reset({ ...getValues(), ...stored.values }, { keepDefaultValues: true });
      notify({
        title: 'Draft restored',
        description: 'What you typed here and had not saved is back. Save it, or discard it to start again.',
        action: {
          label: 'Discard',
          altText: 'Discard what was restored',
          onAction: () => {
            clearDraft(key);
            reset();
          },
        },
      });
    }

    let pending: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      pending = undefined;
      const values = getValues();
      // Back to what was loaded or last saved: nothing to keep.
      if (same(values, defaults.current)) clearDraft(key);
      else writeDraft(key, version.current, values);
    };
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
    };
  }, [key, reset, watch, getValues]);
}
