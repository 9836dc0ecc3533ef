import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, useSyncExternalStore } from 'react';
import { notify } from '../../components/ui/notices.ts';
import { GALLERY_CAPTION_MAX } from '../../core/gallery/gallery.schema.ts';
import { ApiError, apiRequest } from '../api.ts';
import { thumbnail } from '../types.ts';
import { Button } from '../ui/button.tsx';
import { FormDialog } from '../ui/dialog.tsx';
import { useUnsavedChanges } from '../unsaved-changes.ts';
import { createBulkUpload, summarise, type BulkItem, type BulkUpload } from './bulk-upload.ts';
import { uploadDirect } from './upload-flows.ts';
import { useDropZone } from './use-drop-zone.ts';
import { LIST_URLS } from '../list-urls.ts';

export const BULK_UPLOAD_TITLE = 'Upload Photos';

const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/** Creates one gallery image; a field error (a caption too long) is the message worth showing. */
async function addToGallery({ imageUrl, caption, key }: { imageUrl: string; caption: string; key: string }) {
  try {
    await apiRequest(
      'POST',
      '/api/admin/gallery',
      { imageUrl, caption: caption.trim() || null, imageAlt: null },
      { 'Idempotency-Key': key },
    );
  } catch (error) {
    const fieldError = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
    throw new Error(fieldError ?? (error instanceof Error ? error.message : String(error)), { cause: error });
  }
}

/** Manage Gallery's bulk upload: many photos at once, a progress bar and a caption each. */
export function BulkUploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={BULK_UPLOAD_TITLE}
      description="Choose or drop as many photos as you like. Large photos are made smaller before they are sent. Add captions while they upload."
    >
      {/* The dialog's content leaves the page when it closes, and with it this upload's rows. */}
      <BulkUploader onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function BulkUploader({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [bulk] = useState(() => createBulkUpload({ upload: uploadDirect, add: addToGallery }));
  const items = useSyncExternalStore(bulk.subscribe, bulk.getSnapshot);
  const summary = summarise(items);
  const adding = useRef(false);
  useUnsavedChanges(items.length > 0);

  async function addAll() {
    // A double tap lands before React re-renders the button as disabled.
    if (adding.current) return;
    adding.current = true;
    const { added, failed } = await bulk.addUploaded();
    adding.current = false;
    if (added > 0) await queryClient.invalidateQueries({ queryKey: [LIST_URLS.gallery] });
    if (failed > 0) {
      notify({
        title: 'Error',
        description: `Failed to add image to gallery: ${photos(failed)} could not be added. Try them again.`,
        variant: 'destructive',
      });
    } else if (added > 0) {
      notify({ title: 'Success', description: added === 1 ? 'Image added to gallery' : `${photos(added)} added to gallery` });
      if (bulk.getSnapshot().length === 0) onDone();
    }
  }

  return (
    <div className="space-y-4">
      <PhotoPicker onFiles={(files) => bulk.addFiles(files)} />
      {items.length > 0 && (
        <>
          <ul className="divide-y divide-slate-200 border-t border-slate-200">
            {items.map((item) => (
              <BulkRow key={item.id} item={item} bulk={bulk} />
            ))}
          </ul>
          {/* Kept in sight at the foot of the dialog however long the list is. */}
          <div className="sticky -bottom-5 -mx-5 space-y-2 border-t border-slate-200 bg-white px-5 pb-5 pt-3">
            <p aria-live="polite" className="text-sm text-slate-700">
              {summary.uploaded} of {summary.total} uploaded
              {summary.failed > 0 && <span className="font-semibold text-red-700">, {summary.failed} failed</span>}
            </p>
            {summary.busy > 0 && !summary.adding && (
              <p className="text-sm text-slate-600">Photos can be added once every upload has finished.</p>
            )}
            <Button className="w-full" disabled={summary.uploaded === 0 || summary.busy > 0} onClick={() => void addAll()}>
              {summary.adding
                ? 'Adding...'
                : summary.uploaded === 0
                  ? 'Add photos to gallery'
                  : `Add ${photos(summary.uploaded)} to gallery`}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function PhotoPicker({ onFiles }: { onFiles: (files: File[]) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { dragging, handlers } = useDropZone(onFiles);
  return (
    <div
      {...handlers}
      data-testid="bulk-drop-zone"
      className={`flex flex-col items-center gap-2 rounded-md border-2 border-dashed p-5 text-center ${dragging ? 'border-blue-700 bg-blue-50' : 'border-slate-300'}`}
    >
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple
        tabIndex={-1}
        aria-label="Photos: choose files"
        className="sr-only"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Button variant="secondary" data-autofocus onClick={() => inputRef.current?.click()}>
        Choose Photos
      </Button>
      <span className="text-sm text-slate-600">or drop them here</span>
    </div>
  );
}

const STATUS_TEXT: Record<BulkItem['status'], string> = {
  waiting: 'Waiting...',
  uploading: 'Uploading...',
  uploaded: 'Uploaded',
  adding: 'Adding...',
  failed: 'Failed',
};

function BulkRow({ item, bulk }: { item: BulkItem; bulk: BulkUpload }) {
  const name = item.file.name;
  const onTheirWay = item.status === 'uploading' || item.status === 'adding';
  return (
    <li className="flex gap-3 py-3" data-testid="bulk-photo">
      {item.imageUrl ? (
        <img
          src={thumbnail(item.imageUrl)}
          alt=""
          decoding="async"
          className="h-16 w-16 shrink-0 rounded bg-slate-100 object-cover sm:h-20 sm:w-20"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded bg-slate-100 text-slate-500 sm:h-20 sm:w-20"
        >
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="1.5" />
            <path d="m21 16-5-5-8 8" />
          </svg>
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 text-sm font-semibold text-slate-900">{name}</p>
          <button
            type="button"
            disabled={onTheirWay}
            onClick={() => bulk.remove(item.id)}
            className="min-h-8 shrink-0 rounded px-2 text-sm font-medium text-red-700 underline disabled:text-slate-500"
          >
            Remove<span className="sr-only"> {name}</span>
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className={item.status === 'failed' ? 'font-semibold text-red-700' : 'text-slate-700'}>
            {STATUS_TEXT[item.status]}
            {item.error && `: ${item.error}`}
          </span>
          {item.status === 'failed' && item.retryable && (
            <Button variant="secondary" className="min-h-9" onClick={() => bulk.retry(item.id)}>
              Retry<span className="sr-only"> {name}</span>
            </Button>
          )}
          {(item.status === 'uploading' || item.status === 'waiting') && (
            <progress className="h-2 w-full accent-blue-700" max={1} value={item.progress} aria-label={`Upload progress of ${name}`}>
              {Math.round(item.progress * 100)}%
            </progress>
          )}
        </div>
        <label className="block text-sm">
          <span className="font-medium text-slate-800">
            Caption (optional)<span className="sr-only"> for {name}</span>
          </span>
          <input
            type="text"
            value={item.caption}
            maxLength={GALLERY_CAPTION_MAX}
            onChange={(event) => bulk.setCaption(item.id, event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          />
        </label>
      </div>
    </li>
  );
}
