import { useState } from 'react';
import type { z } from 'zod';
import { EarlierVersions, VersionInForm } from '../ui/earlier-versions.tsx';
import { fieldErrorsOf } from '../api.ts';
import { AdminPage, Card, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { InputField, PARAGRAPH_HINT, TextAreaField } from '../ui/field.tsx';
import { clearDraft, draftKey } from '../drafts.ts';
import { useAdminForm } from '../forms/use-admin-form.ts';
import { useEditVersion, useRecordWithVersion, versionOf, type VersionedEdit } from '../use-edit-version.ts';
import { useSave } from '../use-save.ts';
import { useUndoEdit } from '../use-undo-edit.ts';
import { DraftRestored } from '../forms/draft-restored.tsx';

interface ContentField {
  name: string;
  card: string;
  label: string;
  rows?: number;
  type?: 'email';
  description?: string;
}

interface PageContentScreenProps {
  title: string;
  readUrl: string;
  writeUrl: string;
  fields: ContentField[];
  /** The API's schema for the write, checked before sending. */
  schema: z.ZodType;
  success: string;
  failure: string;
}

/** SPEC §2 Edit Who We Are and Edit What We Do: a card per field and 'Save Changes'. */
export function PageContentScreen({ title, readUrl, writeUrl, fields, schema, success, failure }: PageContentScreenProps) {
  const content = useRecordWithVersion<Record<string, string>>(readUrl);
  return (
    <AdminPage title={title}>
      {content.isLoading ? (
        <LoadingText>Loading content...</LoadingText>
      ) : content.isError ? (
        <p role="alert">Failed to load the content: {content.error.message}</p>
      ) : (
        <ContentForm
          initial={content.data!.body}
          version={versionOf(content.data!.etag)}
          writeUrl={writeUrl}
          readUrl={readUrl}
          fields={fields}
          schema={schema}
          success={success}
          failure={failure}
        />
      )}
    </AdminPage>
  );
}

function ContentForm({
  initial,
  version,
  writeUrl,
  readUrl,
  fields,
  schema,
  success,
  failure,
}: { initial: Record<string, string>; version: string } & Omit<PageContentScreenProps, 'title'>) {
  const initialValues = Object.fromEntries(fields.map((f) => [f.name, initial[f.name] ?? '']));
  const versionsUrl = `${writeUrl}/versions`;
  // When the text put in the form by 'Use this version' was saved; null once saved or never.
  const [used, setUsed] = useState<string | null>(null);
  const draft = { key: draftKey('page', readUrl), version };
  const versions = useEditVersion(readUrl);
  // 'Undo' after a save puts back what the page held when last read or saved: the form's defaults.
  const undoEdit = useUndoEdit<Record<string, string>>({
    url: () => writeUrl,
    body: (values) => values,
    headers: (id) => versions.headers({ id, version }),
    refresh: [readUrl, versionsUrl],
    onSuccess: (id, values, etag) => {
      versions.saved({ id, version }, etag);
      form.reset(values);
      clearDraft(draft.key);
    },
    onError: (error, id) => versions.failed(error, { id, version }),
  });
  const save = useSave<VersionedEdit & { values: Record<string, string> }>({
    method: 'PUT',
    url: () => writeUrl,
    body: (input) => input.values,
    headers: versions.headers,
    success,
    failure,
    refresh: [readUrl, versionsUrl],
    // What was saved is the new starting point: the form is no longer 'unsaved'.
    onSuccess: (input, etag) => {
      setUsed(null);
      versions.saved(input, etag);
      form.reset(input.values);
      // The form stays open: cleared, not finished, so that the next typing is kept again.
      clearDraft(draft.key);
    },
    onError: versions.failed,
    undo: (input) => undoEdit.offer(input.id),
  });
  const form = useAdminForm(schema, initialValues, fieldErrorsOf(save.error), { draft });
  const { register, submitWith, errorOf } = form;

  return (
    <>
      <form
        onSubmit={submitWith((values) => {
          undoEdit.remember(writeUrl, { ...form.formState.defaultValues } as Record<string, string>);
          save.mutate({ id: writeUrl, version, values });
        })}
        noValidate
        className="space-y-6"
      >
        <DraftRestored draft={form.restoredDraft} />
        <VersionInForm savedAt={used} />
        {fields.map((field) => (
          <Card key={field.name}>
            <h2 className="mb-1 text-xl font-bold">{field.card}</h2>
            {field.description && <p className="mb-3 text-sm text-slate-600">{field.description}</p>}
            {field.type === 'email' ? (
              <InputField
                label={field.label}
                type="email"
                inputMode="email"
                autoComplete="email"
                {...register(field.name)}
                error={errorOf(field.name)}
              />
            ) : (
              <TextAreaField
                label={field.label}
                rows={field.rows}
                hint={PARAGRAPH_HINT}
                {...register(field.name)}
                error={errorOf(field.name)}
              />
            )}
          </Card>
        ))}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving Changes...' : 'Save Changes'}
        </Button>
      </form>
      <EarlierVersions url={versionsUrl} fields={fields} form={form as never} onUsed={setUsed} />
    </>
  );
}
