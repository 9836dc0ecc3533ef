import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { fieldErrorsOf } from '../api.ts';
import { AdminPage, Card, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { InputField, PARAGRAPH_HINT, TextAreaField } from '../ui/field.tsx';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { useSave } from '../use-save.ts';

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
  success: string;
  failure: string;
}

/** SPEC §2 Edit Who We Are and Edit What We Do: a card per field and 'Save Changes'. */
export function PageContentScreen({ title, readUrl, writeUrl, fields, success, failure }: PageContentScreenProps) {
  const content = useQuery<Record<string, string>>({ queryKey: [readUrl] });
  return (
    <AdminPage title={title}>
      {content.isLoading ? (
        <LoadingText>Loading content...</LoadingText>
      ) : content.isError ? (
        <p role="alert">Failed to load the content: {content.error.message}</p>
      ) : (
        <ContentForm initial={content.data!} writeUrl={writeUrl} readUrl={readUrl} fields={fields} success={success} failure={failure} />
      )}
    </AdminPage>
  );
}

function ContentForm({
  initial,
  writeUrl,
  readUrl,
  fields,
  success,
  failure,
}: { initial: Record<string, string> } & Omit<PageContentScreenProps, 'title'>) {
  const pick = (source: Record<string, string>) => Object.fromEntries(fields.map((f) => [f.name, source[f.name] ?? '']));
  const [saved, setSaved] = useState(() => pick(initial));
  const [values, setValues] = useState(saved);
  const save = useSave<Record<string, string>>({
    method: 'PUT',
    url: () => writeUrl,
    body: (input) => input,
    success,
    failure,
    refresh: [readUrl],
    onSuccess: () => setSaved(values),
  });
  const errors = fieldErrorsOf(save.error);
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(saved));

  function submit(event: SubmitEvent) {
    event.preventDefault();
    save.mutate(values);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {fields.map((field) => (
        <Card key={field.name}>
          <h2 className="mb-1 text-xl font-bold">{field.card}</h2>
          {field.description && <p className="mb-3 text-sm text-slate-600">{field.description}</p>}
          {field.type === 'email' ? (
            <InputField
              label={field.label}
              name={field.name}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values[field.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={errors[field.name]}
            />
          ) : (
            <TextAreaField
              label={field.label}
              name={field.name}
              rows={field.rows}
              hint={PARAGRAPH_HINT}
              value={values[field.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              error={errors[field.name]}
            />
          )}
        </Card>
      ))}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving Changes...' : 'Save Changes'}
      </Button>
    </form>
  );
}
