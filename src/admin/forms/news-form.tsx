import { Suspense, useId, useState } from 'react';
import { CODE_NOT_LOADED, lazyOr } from '../../components/lazy-or.ts';
import { Controller } from 'react-hook-form';
import { newsInputSchema } from '../../core/news/news.schema.ts';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { useAdminForm } from './use-admin-form.ts';
import type { DraftOf } from './use-draft.ts';
import { FormImageField, ImageDescriptionField } from './form-fields.tsx';
import { DraftRestored } from './draft-restored.tsx';
import { formatDisplayDate } from '../../core/shared/time.ts';
import { dateInputValue, useTimeZone } from '../dates.ts';
import { ItemVersions, VersionInForm, wordsOfHtml } from '../ui/earlier-versions.tsx';

/** Without the editor's code (a page older than the site, a dropped connection): say so in its place; the rest of the form stays. */
function EditorNotLoaded() {
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {CODE_NOT_LOADED}
    </p>
  );
}

const RichTextEditor = lazyOr(() => import('./rich-text-editor.tsx').then((m) => m.default), EditorNotLoaded);

export interface NewsFormValues {
  title: string;
  /** yyyy-MM-dd in the club's time zone. */
  publishedAt: string;
  content: string;
  imageUrl: string | null;
  imageAlt: string;
}

interface NewsFormProps {
  initial: NewsFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverErrors: Record<string, string>;
  /** Where what is typed is kept until saved (drafts.ts). */
  draft?: DraftOf;
  /** An item's earlier versions (GET …/versions), listed under the form to put one back. */
  earlierVersionsUrl?: string;
  /** The item being edited is on the site now (its date has come). */
  onSite?: boolean;
  onSubmit: (values: NewsFormValues) => void;
}

/** What an earlier version of a news item keeps (docs/decisions/056, 061): its words and its picture. */
const VERSIONED_FIELDS = [
  { name: 'title', label: 'Title' },
  { name: 'publishedAt', label: 'Publication Date' },
  { name: 'content', label: 'Content' },
  { name: 'imageAlt', label: 'What the image shows' },
];

/**
 * Not an error: a date ahead schedules the item (decision 103). But next year's year typed by
 * mistake would keep it off the site for a year (decision 090), so the field says what it does.
 */
export const DATE_STILL_TO_COME =
  'This date is still to come: the item will appear on the site on that day, and not before. Check the year if it should be today.';

/** The same date ahead for an item parents can read now: saving it takes the item off until then (decision 107). */
export const DATE_TAKES_IT_OFF =
  'This date is still to come: the item is on the site now, and saved with this date it leaves the site until that day. Check the year if it should stay.';

/** SPEC §2 Manage News dialog: title, publication date, rich-text content, optional image. */
export function NewsForm(props: NewsFormProps) {
  const { initial, submitLabel, pendingLabel, pending, serverErrors, onSubmit, draft, earlierVersionsUrl, onSite = false } = props;
  const form = useAdminForm(newsInputSchema, initial, serverErrors, { draft });
  const { register, control, submitWith, watch, errorOf, restoredDraft } = form;
  const [uploading, setUploading] = useState(false);
  const [used, setUsed] = useState<string | null>(null);
  const timeZone = useTimeZone();
  const publishedAt = watch('publishedAt');
  // yyyy-MM-dd compares as text; anything else is left to the field's own error.
  const later = /^\d{4}-\d{2}-\d{2}$/.test(publishedAt) && publishedAt > dateInputValue(new Date(), timeZone);
  const contentLabel = useId();
  const contentError = errorOf('content');

  return (
    <>
      <form onSubmit={submitWith(onSubmit)} noValidate className="space-y-4">
        <DraftRestored draft={restoredDraft} />
        <VersionInForm savedAt={used} saveLabel={submitLabel} />
        <InputField label="Title" required {...register('title')} error={errorOf('title')} />
        <InputField
          label="Publication Date"
          type="date"
          required
          {...register('publishedAt')}
          error={errorOf('publishedAt')}
          hint={later ? (onSite ? DATE_TAKES_IT_OFF : DATE_STILL_TO_COME) : undefined}
        />
        <div>
          <p id={contentLabel} className="text-sm font-semibold text-slate-900">
            Content
          </p>
          {/* As tall as the loaded editor (toolbar and text area): nothing below it moves when it
            arrives, so a tap on the button under it lands where the finger aimed. */}
          <div className="mt-1 min-h-[14.5rem]">
            <Suspense
              fallback={
                <p role="status" className="rounded-md border border-slate-300 p-3 text-slate-600">
                  Loading editor...
                </p>
              }
            >
              <Controller
                control={control}
                name="content"
                render={({ field }) => <RichTextEditor value={field.value} onChange={field.onChange} labelId={contentLabel} />}
              />
            </Suspense>
          </div>
          {contentError && (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {contentError}
            </p>
          )}
        </div>
        <FormImageField
          control={control}
          name="imageUrl"
          flow="news"
          label="Image (optional)"
          error={errorOf('imageUrl')}
          onBusyChange={setUploading}
        />
        <ImageDescriptionField fallback="title" {...register('imageAlt')} error={errorOf('imageAlt')} />
        <Button type="submit" className="w-full" disabled={pending || uploading}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </form>
      {earlierVersionsUrl && (
        <ItemVersions
          url={earlierVersionsUrl}
          what="this news item"
          fields={VERSIONED_FIELDS}
          form={form as never}
          show={(name, value) =>
            name === 'publishedAt' ? formatDisplayDate(value, timeZone) : name === 'content' ? wordsOfHtml(value) : value
          }
          toForm={(name, value) => (name === 'publishedAt' ? dateInputValue(value, timeZone) : value)}
          onUsed={setUsed}
        />
      )}
    </>
  );
}
