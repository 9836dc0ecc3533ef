import { useState } from 'react';
import { notify } from '../../components/ui/notices.ts';
import { galleryInputSchema, IMAGE_REQUIRED } from '../../core/gallery/gallery.schema.ts';
import { Button } from '../ui/button.tsx';
import { TextAreaField } from '../ui/field.tsx';
import { useAdminForm } from './use-admin-form.ts';
import type { DraftOf } from './use-draft.ts';
import { FormImageField, ImageDescriptionField } from './form-fields.tsx';
import { DraftRestored } from './draft-restored.tsx';
import { ItemVersions, VersionInForm } from '../ui/earlier-versions.tsx';

export interface GalleryFormValues {
  imageUrl: string | null;
  imageAlt: string;
  caption: string;
}

interface GalleryFormProps {
  initial: GalleryFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverErrors: Record<string, string>;
  /** Where what is typed is kept until saved (drafts.ts). */
  draft?: DraftOf;
  /** A photo's earlier versions (GET …/versions), listed under the form to put one back. */
  earlierVersionsUrl?: string;
  onSubmit: (values: GalleryFormValues & { imageUrl: string }) => void;
}

/** What an earlier version of a photo keeps besides its picture (docs/decisions/061). */
const VERSIONED_FIELDS = [
  { name: 'caption', label: 'Caption' },
  { name: 'imageAlt', label: 'What the image shows' },
];

/** SPEC §2 Manage Gallery and §5: an image URL is required; the caption is optional (3 rows). */
export function GalleryForm(props: GalleryFormProps) {
  const { initial, submitLabel, pendingLabel, pending, serverErrors, onSubmit, draft, earlierVersionsUrl } = props;
  const form = useAdminForm(galleryInputSchema, initial, serverErrors, { draft });
  const { register, control, submitWith, watch, errorOf, restoredDraft } = form;
  const [uploading, setUploading] = useState(false);
  const [used, setUsed] = useState<string | null>(null);
  const imageUrl = watch('imageUrl');

  return (
    <>
      <form
        onSubmit={submitWith(
          (values) => values.imageUrl && onSubmit({ ...values, imageUrl: values.imageUrl }),
          // SPEC §5: a missing image is also said in a notice titled 'Error'.
          (errors) => errors.imageUrl && notify({ title: 'Error', description: IMAGE_REQUIRED, variant: 'destructive' }),
        )}
        noValidate
        className="space-y-4"
      >
        <DraftRestored draft={restoredDraft} />
        <VersionInForm savedAt={used} saveLabel={submitLabel} />
        <FormImageField
          control={control}
          name="imageUrl"
          flow="direct"
          label="Image"
          error={errorOf('imageUrl')}
          onBusyChange={setUploading}
        />
        <ImageDescriptionField fallback="caption" {...register('imageAlt')} error={errorOf('imageAlt')} />
        <TextAreaField label="Caption (optional)" rows={3} {...register('caption')} error={errorOf('caption')} />
        <Button type="submit" className="w-full" disabled={pending || uploading || !imageUrl}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </form>
      {earlierVersionsUrl && (
        <ItemVersions url={earlierVersionsUrl} what="this photo" fields={VERSIONED_FIELDS} form={form as never} onUsed={setUsed} />
      )}
    </>
  );
}
