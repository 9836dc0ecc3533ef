import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { passwordConfirmationSchema } from '../../core/admins/admins.schema.ts';
import { fieldErrorsOf } from '../api.ts';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { useAdminForm } from './use-admin-form.ts';

type Proof = z.output<typeof passwordConfirmationSchema>;
const NO_PROOF: Proof = { currentPassword: '' };

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

/**
 * A form that asks for the password alone before `save` sends it (`{ currentPassword }`), shown
 * where the button that opened it was; `children` say what it is for. A password is no typed work
 * to keep, so leaving asks nothing. Cancel also forgets the last refusal, so that the form opens
 * clean the next time.
 */
/** The look of a form opened in a row of a list, in place of the button that opened it. */
export const IN_PLACE_FORM = 'w-full space-y-3 rounded border border-slate-200 p-3';

export function PasswordForm({
  save,
  label,
  pendingLabel,
  onCancel,
  className = IN_PLACE_FORM,
  children,
}: {
  save: { mutate: (proof: Proof) => void; reset: () => void; isPending: boolean; error: Error | null };
  label: string;
  pendingLabel: string;
  onCancel: () => void;
  /** Boxed in a row of a list, in place of its button, unless said otherwise. */
  className?: string;
  children?: ReactNode;
}) {
  const form = useAdminForm<Proof>(passwordConfirmationSchema, NO_PROOF, fieldErrorsOf(save.error), { guardUnsaved: false });
  return (
    <form onSubmit={form.submitWith((proof) => save.mutate(proof))} noValidate className={className}>
      {children}
      <PasswordConfirm
        field={form.register('currentPassword')}
        error={form.errorOf('currentPassword')}
        autoFocus
        pending={save.isPending}
        label={label}
        pendingLabel={pendingLabel}
        onCancel={() => {
          save.reset();
          onCancel();
        }}
      />
    </form>
  );
}
