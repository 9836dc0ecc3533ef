import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { notify } from '../../components/ui/notices.ts';
import { twoStepInputSchema, twoStepMessage, type twoStepSetupSchema } from '../../core/admins/admins.schema.ts';
import { apiRequest, errorMessage, fieldErrorsOf } from '../api.ts';
import type { Admin } from '../types.ts';
import { Card } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { PasswordConfirm } from '../forms/password-confirm.tsx';
import { useAdminForm } from '../forms/use-admin-form.ts';
import { useSave } from '../use-save.ts';
import { ADMINISTRATORS_URL } from '../list-urls.ts';

type Setup = z.output<typeof twoStepSetupSchema>;
const proofSchema = twoStepInputSchema.pick({ code: true, currentPassword: true });
type Proof = z.output<typeof proofSchema>;
const NO_PROOF: Proof = { code: '', currentPassword: '' };
const TWO_STEP_URL = '/api/admin/two-step';

/** `ABCD EFGH …`: a key typed by hand, read in groups. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Turning on two-step sign-in for oneself: a QR code for an authenticator app (or its key, typed),
 * then a code from the app and the password to prove it. Turned off from the list above.
 */
export function TwoStepCard({ self }: { self: Admin | undefined }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const start = useMutation({
    mutationFn: () => apiRequest<Setup>('POST', TWO_STEP_URL),
    onSuccess: setSetup,
    onError: (error) =>
      notify({ title: 'Error', description: `Failed to start two-step sign-in: ${errorMessage(error)}`, variant: 'destructive' }),
  });
  const turnOn = useSave<Proof & { secret: string }>({
    method: 'PUT',
    url: () => TWO_STEP_URL,
    body: (input) => input,
    success: () => twoStepMessage(self?.username ?? '', true, true),
    failure: 'Failed to turn on two-step sign-in',
    refresh: [ADMINISTRATORS_URL],
    onSuccess: () => {
      form.reset(NO_PROOF);
      setSetup(null);
    },
  });
  const form = useAdminForm<Proof>(proofSchema, NO_PROOF, fieldErrorsOf(turnOn.error));
  const { register, submitWith, errorOf } = form;

  return (
    <Card>
      <h2 className="mb-3 text-xl font-bold">Two-step sign-in</h2>
      {self?.twoStep ? (
        <p className="text-slate-700" data-testid="two-step-state">
          Two-step sign-in is on: signing in asks for your password and the code your authenticator app shows.
        </p>
      ) : !setup ? (
        <>
          <p className="text-slate-700" data-testid="two-step-state">
            With it on, a password someone else has learnt is not enough: signing in also asks for a code from an authenticator app on your
            phone (for example Google Authenticator, Microsoft Authenticator or 2FAS).
          </p>
          <Button className="mt-4" disabled={start.isPending || !self} onClick={() => start.mutate()}>
            {start.isPending ? 'Starting...' : 'Turn on two-step sign-in'}
          </Button>
        </>
      ) : (
        <form onSubmit={submitWith((proof) => turnOn.mutate({ ...proof, secret: setup.secret }))} noValidate className="space-y-4">
          <p className="text-slate-700">1. In your authenticator app, add an account and scan this code:</p>
          <img
            src={setup.qrCode}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded border border-slate-200"
          />
          <p className="text-sm text-slate-700">
            Or type this key: <code className="font-mono break-all">{grouped(setup.secret)}</code>
          </p>
          <p className="text-slate-700">2. Enter the code the app shows, and your password.</p>
          <InputField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            {...register('code')}
            error={errorOf('code')}
          />
          <PasswordConfirm
            field={register('currentPassword')}
            error={errorOf('currentPassword')}
            pending={turnOn.isPending}
            label="Turn on"
            pendingLabel="Turning on..."
            onCancel={() => {
              form.reset(NO_PROOF);
              setSetup(null);
            }}
          />
        </form>
      )}
    </Card>
  );
}
