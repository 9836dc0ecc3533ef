import { useState } from 'react';
import { eventInputSchema } from '../../core/events/events.schema.ts';
import { Button } from '../ui/button.tsx';
import { InputField, TextAreaField } from '../ui/field.tsx';
import { useAdminForm } from './use-admin-form.ts';
import type { DraftOf } from './use-draft.ts';
import { FormImageField, ImageDescriptionField } from './form-fields.tsx';
import { DraftRestored } from './draft-restored.tsx';

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
  onSubmit: (values: EventFormValues) => void;
}

/** SPEC §2 Manage Events dialog and §5: name, date, booking URL and description are required. */
export function EventForm({ initial, submitLabel, pendingLabel, pending, serverErrors, onSubmit, draft }: EventFormProps) {
  const { register, control, submitWith, errorOf, restoredDraft } = useAdminForm(eventInputSchema, initial, serverErrors, { draft });
  const [uploading, setUploading] = useState(false);

  return (
    <form onSubmit={submitWith(onSubmit)} noValidate className="space-y-4">
      <DraftRestored draft={restoredDraft} />
      <InputField label="Event Name" required {...register('name')} error={errorOf('name')} />
      <InputField label="Date" type="datetime-local" required {...register('date')} error={errorOf('date')} />
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
  );
}
