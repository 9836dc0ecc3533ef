import { useState } from 'react';
import { eventInputSchema, isPastEvent } from '../../core/events/events.schema.ts';
import { Button } from '../ui/button.tsx';
import { InputField, TextAreaField } from '../ui/field.tsx';
import { useAdminForm } from './use-admin-form.ts';
import type { DraftOf } from './use-draft.ts';
import { FormImageField, ImageDescriptionField } from './form-fields.tsx';
import { DraftRestored } from './draft-restored.tsx';
import { formatEventWhen, parseDateInput } from '../../core/shared/time.ts';
import { dateTimeInputValue, useTimeZone } from '../dates.ts';
import { ItemVersions, VersionInForm } from '../ui/earlier-versions.tsx';

export interface EventFormValues {
  name: string;
  /** yyyy-MM-ddTHH:mm in the club's time zone. */
  date: string;
  location: string;
  bookingUrl: string;
  comment: string;
  imageUrl: string | null;
  imageAlt: string;
  organiser: string;
}

interface EventFormProps {
  initial: EventFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverErrors: Record<string, string>;
  /** Where what is typed is kept until saved (drafts.ts). */
  draft?: DraftOf;
  /** An event's earlier versions (GET …/versions), listed under the form to put one back. */
  earlierVersionsUrl?: string;
  onSubmit: (values: EventFormValues) => void;
}

/** What an earlier version of an event keeps (docs/decisions/056, 061): its words, booking link and picture. */
const VERSIONED_FIELDS = [
  { name: 'name', label: 'Event Name' },
  { name: 'date', label: 'Date' },
  { name: 'location', label: 'Location' },
  { name: 'bookingUrl', label: 'Booking URL' },
  { name: 'comment', label: 'Description' },
  { name: 'organiser', label: 'Organiser' },
  { name: 'imageAlt', label: 'What the image shows' },
];

/**
 * Not an error: a past event may be recorded on purpose. But a date typed with last year's year
 * (in January, for an event to come) would make a new event past at once (decision 090).
 */
export const DATE_HAS_PASSED =
  'This date has passed: visitors will see a past event, which cannot be booked. Check the year if the event is still to come.';

/** SPEC §2 Manage Events dialog and §5: name, date, booking URL and description are required. */
export function EventForm(props: EventFormProps) {
  const { initial, submitLabel, pendingLabel, pending, serverErrors, onSubmit, draft, earlierVersionsUrl } = props;
  const form = useAdminForm(eventInputSchema, initial, serverErrors, { draft });
  const { register, control, submitWith, watch, errorOf, restoredDraft } = form;
  const [uploading, setUploading] = useState(false);
  const [used, setUsed] = useState<string | null>(null);
  const timeZone = useTimeZone();
  const when = parseDateInput(watch('date'), timeZone);

  return (
    <>
      <form onSubmit={submitWith(onSubmit)} noValidate className="space-y-4">
        <DraftRestored draft={restoredDraft} />
        <VersionInForm savedAt={used} saveLabel={submitLabel} />
        <InputField label="Event Name" required {...register('name')} error={errorOf('name')} />
        <InputField
          label="Date"
          type="datetime-local"
          required
          {...register('date')}
          error={errorOf('date')}
          hint={when && isPastEvent({ date: when.toISOString() }) ? DATE_HAS_PASSED : undefined}
        />
        <InputField label="Location" {...register('location')} error={errorOf('location')} />
        <InputField
          label="Booking URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          required
          {...register('bookingUrl')}
          error={errorOf('bookingUrl')}
        />
        <TextAreaField label="Description" rows={5} required {...register('comment')} error={errorOf('comment')} />
        <FormImageField
          control={control}
          name="imageUrl"
          flow="direct"
          label="Event Image"
          error={errorOf('imageUrl')}
          onBusyChange={setUploading}
        />
        <ImageDescriptionField fallback="event's name" {...register('imageAlt')} error={errorOf('imageAlt')} />
        <InputField label="Organiser" {...register('organiser')} error={errorOf('organiser')} />
        <Button type="submit" className="w-full" disabled={pending || uploading}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </form>
      {earlierVersionsUrl && (
        <ItemVersions
          url={earlierVersionsUrl}
          what="this event"
          fields={VERSIONED_FIELDS}
          form={form as never}
          show={(name, value) => (name === 'date' && value ? formatEventWhen(value, timeZone) : value)}
          toForm={(name, value) => (name === 'date' && value ? dateTimeInputValue(value, timeZone) : value)}
          onUsed={setUsed}
        />
      )}
    </>
  );
}
