import { useEffect, useId, useRef, useState } from 'react';
import { isImageUrl, withWebScheme } from '../../core/shared/fields.ts';
import { uploadImage, type UploadFlow } from './upload-flows.ts';
import { useDropZone } from './use-drop-zone.ts';

const UPLOADED_FLAG_MS = 2000;

export interface ImageFieldProps {
  flow: UploadFlow;
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string | undefined;
  /** Gallery images always have one; elsewhere the image can be removed. */
  removable?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Upload (button, or drag and drop) with a progress bar, or paste an image URL; the current
 * image is previewed. SPEC §4: 'Uploading...' while busy, 'Uploaded!' for 2 s after the news
 * flow, and 'Change Image' once there is an image.
 */
export function ImageField({ flow, label, value, onChange, error, removable = true, onBusyChange }: ImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [uploaded, setUploaded] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!uploaded) return;
    const timer = setTimeout(() => setUploaded(false), UPLOADED_FLAG_MS);
    return () => clearTimeout(timer);
  }, [uploaded]);

  async function handle(file: File | undefined) {
    if (!file || busy) return;
    setBusy(true);
    onBusyChange?.(true);
    setProgress(0);
    const url = await uploadImage(flow, file, setProgress);
    setBusy(false);
    onBusyChange?.(false);
    if (inputRef.current) inputRef.current.value = '';
    if (url) {
      onChange(url);
      if (flow === 'news') setUploaded(true);
    }
  }

  const { dragging, handlers } = useDropZone((files) => void handle(files[0]));

  const buttonLabel = busy ? 'Uploading...' : uploaded ? 'Uploaded!' : value ? 'Change Image' : 'Upload Image';
  const preview = value && isImageUrl(value) ? value : null;

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      {preview && (
        <img
          src={preview}
          alt="Preview of the chosen image"
          referrerPolicy="no-referrer"
          className="max-h-48 w-auto rounded border border-slate-200 object-contain"
        />
      )}
      <div
        {...handlers}
        data-testid="image-drop-zone"
        className={`flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed p-3 ${dragging ? 'border-blue-700 bg-blue-50' : 'border-slate-300'}`}
      >
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          tabIndex={-1}
          aria-label={`${label}: choose a file`}
          className="sr-only"
          onChange={(event) => void handle(event.target.files?.[0])}
          disabled={busy}
        />
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold hover:bg-slate-100 disabled:cursor-wait disabled:opacity-70"
        >
          {buttonLabel}
        </button>
        <span className="text-sm text-slate-600">or drop a photo here</span>
        {value && removable && !busy && (
          <button type="button" className="text-sm font-medium text-red-700 underline" onClick={() => onChange(null)}>
            Remove image
          </button>
        )}
        {busy && (
          <progress className="h-2 w-full accent-blue-700" max={1} value={progress} aria-label="Upload progress">
            {Math.round(progress * 100)}%
          </progress>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm text-slate-700">
          Or paste an image URL
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value.trim() === '' ? null : event.target.value)}
          onBlur={(event) => {
            const completed = withWebScheme(event.target.value.trim());
            if (value && completed !== value) onChange(completed);
          }}
          className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
