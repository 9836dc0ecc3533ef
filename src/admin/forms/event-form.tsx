import { useState, type SubmitEvent } from 'react';
import { eventInputSchema } from '../../core/events/events.schema.ts';
import { ImageField } from '../uploads/image-field.tsx';
import { Button } from '../ui/button.tsx';
import { InputField, TextAreaField } from '../ui/field.tsx';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { fieldErrors } from '../validate.ts';

export interface EventFormValues {
  name: string;
  /** yyyy-MM-ddTHH:mm in the club's time zone. */
  date: string;
  location: string;
  bookingUrl: string;
  comment: string;
  imageUrl: string | null;
  organiser: string;
}

interface EventFormProps {
  initial: EventFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: EventFormValues) => void;
}

/** SPEC §2 Manage Events dialog and §5: name, date, booking URL and description are required. */
export function EventForm({ initial, submitLabel, pendingLabel, pending, serverErrors, onSubmit }: EventFormProps) {
  const [values, setValues] = useState(initial);
  const [clientErrors, setErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...clientErrors };
  const [uploading, setUploading] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const missing = fieldErrors(eventInputSchema, values);
    setErrors(missing);
    if (Object.keys(missing).length === 0) onSubmit(values);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        label="Event Name"
        name="name"
        required
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
      />
      <InputField
        label="Date"
        name="date"
        type="datetime-local"
        required
        value={values.date}
        onChange={(e) => set('date', e.target.value)}
        error={errors.date}
      />
      <InputField
        label="Location"
        name="location"
        value={values.location}
        onChange={(e) => set('location', e.target.value)}
        error={errors.location}
      />
      <InputField
        label="Booking URL"
        name="bookingUrl"
        type="url"
        inputMode="url"
        placeholder="https://"
        required
        value={values.bookingUrl}
        onChange={(e) => set('bookingUrl', e.target.value)}
        error={errors.bookingUrl}
      />
      <TextAreaField
        label="Description"
        name="comment"
        rows={5}
        required
        value={values.comment}
        onChange={(e) => set('comment', e.target.value)}
        error={errors.comment}
      />
      <ImageField
        flow="direct"
        label="Event Image"
        value={values.imageUrl}
        onChange={(url) => set('imageUrl', url)}
        error={errors.imageUrl}
        onBusyChange={setUploading}
      />
      <InputField
        label="Organiser"
        name="organiser"
        value={values.organiser}
        onChange={(e) => set('organiser', e.target.value)}
        error={errors.organiser}
      />
      <Button type="submit" className="w-full" disabled={pending || uploading}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
