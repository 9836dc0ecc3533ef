import { lazy, Suspense, useId, useState, type SubmitEvent } from 'react';
import { newsInputSchema } from '../../core/news/news.schema.ts';
import { ImageField } from '../uploads/image-field.tsx';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { fieldErrors } from '../validate.ts';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

export interface NewsFormValues {
  title: string;
  /** yyyy-MM-dd in the club's time zone. */
  publishedAt: string;
  content: string;
  imageUrl: string | null;
}

interface NewsFormProps {
  initial: NewsFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: NewsFormValues) => void;
}

/** SPEC §2 Manage News dialog: title, publication date, rich-text content, optional image. */
export function NewsForm({ initial, submitLabel, pendingLabel, pending, serverErrors, onSubmit }: NewsFormProps) {
  const [values, setValues] = useState(initial);
  const [clientErrors, setErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...clientErrors };
  const [uploading, setUploading] = useState(false);
  const contentLabel = useId();
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);

  const set = <K extends keyof NewsFormValues>(key: K, value: NewsFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const missing = fieldErrors(newsInputSchema, values);
    setErrors(missing);
    if (Object.keys(missing).length === 0) onSubmit(values);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Title"
        name="title"
        required
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
      />
      <InputField
        label="Publication Date"
        name="publishedAt"
        type="date"
        required
        value={values.publishedAt}
        onChange={(e) => set('publishedAt', e.target.value)}
        error={errors.publishedAt}
      />
      <div>
        <p id={contentLabel} className="text-sm font-semibold text-slate-900">
          Content
        </p>
        <Suspense
          fallback={
            <p role="status" className="mt-1 rounded-md border border-slate-300 p-3 text-slate-600">
              Loading editor...
            </p>
          }
        >
          <div className="mt-1">
            <RichTextEditor value={values.content} onChange={(html) => set('content', html)} labelId={contentLabel} />
          </div>
        </Suspense>
        {errors.content && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.content}
          </p>
        )}
      </div>
      <ImageField
        flow="news"
        label="Image (optional)"
        value={values.imageUrl}
        onChange={(url) => set('imageUrl', url)}
        error={errors.imageUrl}
        onBusyChange={setUploading}
      />
      <Button type="submit" className="w-full" disabled={pending || uploading}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
