import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';

/**
 * The end of a form that a change outlasting a session needs (docs/decisions/047): the signed-in
 * administrator's own password, then the action and 'Cancel'.
 */
export function PasswordConfirm({
  field,
  error,
  autoFocus = false,
  pending,
  label,
  pendingLabel,
  onCancel,
}: {
  field: UseFormRegisterReturn;
  error: string | undefined;
  autoFocus?: boolean;
  pending: boolean;
  label: string;
  pendingLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <InputField label="Your password" type="password" autoComplete="current-password" autoFocus={autoFocus} {...field} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : label}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
