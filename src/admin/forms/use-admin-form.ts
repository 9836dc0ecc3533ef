import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type SubmitEvent } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { type DraftOf, useDraft } from './use-draft.ts';

/**
 * Every admin form: react-hook-form checked against the API's own zod schema before anything is
 * sent (so the form says what the server would say), the server's field messages shown on their
 * fields until the field changes, and the unsaved-changes guard while the form differs from what
 * was loaded or last saved. Values are submitted as typed: the server parses them. With `draft`,
 * what is typed is also kept in the browser until saved or discarded (use-draft.ts).
 */
export function useAdminForm<Values extends FieldValues>(
  schema: z.ZodType,
  initial: Values,
  serverErrors: Record<string, string> = {},
  { guardUnsaved = true, draft }: { guardUnsaved?: boolean; draft?: DraftOf | undefined } = {},
) {
  const form = useForm<Values>({
    defaultValues: initial as DefaultValues<Values>,
    resolver: zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { setError } = form;
  // By content, not identity: the caller derives the object from the last failed request on every render.
  const serverKey = JSON.stringify(serverErrors);
  useEffect(() => {
    for (const [name, message] of Object.entries(JSON.parse(serverKey) as Record<string, string>)) {
      setError(name as Path<Values>, { type: 'server', message });
    }
  }, [serverKey, setError]);
  useUnsavedChanges(guardUnsaved && form.formState.isDirty);
  const restoredDraft = useDraft(form, draft);
  /** The message to show under a field, if any. */
  const errorOf = (name: Path<Values>): string | undefined => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return typeof message === 'string' ? message : undefined;
  };
  /** The form's onSubmit: checks, then calls `send` with the values as typed, or `refused` with the errors. */
  const submitWith =
    (send: (values: Values) => void, refused?: (errors: FieldErrors<Values>) => void) =>
    (event: SubmitEvent<HTMLFormElement>): void => {
      void form.handleSubmit(send, refused)(event);
    };
  return { ...form, errorOf, submitWith, restoredDraft };
}
