import { withWebScheme } from '../../core/shared/fields.ts';
import {
  useId,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const PARAGRAPH_HINT = 'Leave a blank line (press Enter twice) to start a new paragraph.';
const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700';

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

/** A label, the control, an optional hint and the field's error, wired for screen readers. */
function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string | undefined };

export function InputField({ label, error, hint, onBlur, ...props }: InputFieldProps) {
  // A web address typed without https:// is shown completed as the field is left, as it is saved.
  const completeAddress = (event: FocusEvent<HTMLInputElement>) => {
    if (props.type === 'url') event.target.value = withWebScheme(event.target.value.trim());
    onBlur?.(event);
  };
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={inputClass}
          onBlur={completeAddress}
          {...props}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: string };

export function TextAreaField({ label, error, hint, ...props }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={inputClass} {...props} />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: string };

export function SelectField({ label, hint, children, ...props }: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint}>
      {({ id, describedBy }) => (
        <select id={id} aria-describedby={describedBy} className={`${inputClass} min-h-11`} {...props}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}
