import { useState, type SubmitEvent } from 'react';
import { notify } from '../../components/ui/notices.ts';
import { ImageField } from '../uploads/image-field.tsx';
import { Button } from '../ui/button.tsx';
import { TextAreaField } from '../ui/field.tsx';
import { useUnsavedChanges } from '../unsaved-changes.ts';

export interface GalleryFormValues {
  imageUrl: string | null;
  caption: string;
}

interface GalleryFormProps {
  initial: GalleryFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: GalleryFormValues & { imageUrl: string }) => void;
}

/** SPEC §2 Manage Gallery and §5: an image URL is required; the caption is optional (3 rows). */
export function GalleryForm({ initial, submitLabel, pendingLabel, pending, serverErrors, onSubmit }: GalleryFormProps) {
  const [values, setValues] = useState(initial);
  const errors = serverErrors;
  const [uploading, setUploading] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!values.imageUrl) {
      notify({ title: 'Error', description: 'Please upload or enter an image URL', variant: 'destructive' });
      return;
    }
    onSubmit({ ...values, imageUrl: values.imageUrl });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ImageField
        flow="direct"
        label="Image"
        value={values.imageUrl}
        onChange={(url) => setValues((v) => ({ ...v, imageUrl: url }))}
        error={errors.imageUrl}
        onBusyChange={setUploading}
      />
      <TextAreaField
        label="Caption (optional)"
        name="caption"
        rows={3}
        value={values.caption}
        onChange={(e) => setValues((v) => ({ ...v, caption: e.target.value }))}
        error={errors.caption}
      />
      <Button type="submit" className="w-full" disabled={pending || uploading || !values.imageUrl}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
