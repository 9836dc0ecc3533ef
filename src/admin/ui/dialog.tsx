import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { confirmDiscard, hasUnsavedChanges } from '../unsaved-changes.ts';
import { useBackCloses } from '../../components/use-back-closes.ts';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Wider than SPEC's 500 px, for screens that list many things (bulk photo upload). */
  wide?: boolean;
  /** Names a form that opens again, with its draft, when the page is reloaded while it is open (use-item-dialogs.ts). */
  reopenAs?: string | undefined;
  children: ReactNode;
}

/**
 * SPEC §2: news and event dialogs at most 500 px wide; on a phone they fill the width and scroll.
 * Closing a dialog whose form has unsaved edits asks first, so a stray tap loses nothing; Back
 * closes it the same way.
 */
export function FormDialog({ open, onOpenChange, title, description, wide = false, reopenAs, children }: FormDialogProps) {
  const close = (): boolean => {
    if (hasUnsavedChanges() && !confirmDiscard()) return false;
    onOpenChange(false);
    return true;
  };
  useBackCloses(open, close, reopenAs);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            // Start in the first field (or the control marked data-autofocus) rather than on the close button.
            const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              'form input:not([type="file"]), form textarea, [data-autofocus]',
            );
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] ${wide ? 'max-w-[720px]' : 'max-w-[500px]'} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="pr-10 text-xl font-bold">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-slate-100"
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              ×
            </span>
          </Dialog.Close>
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  description: string;
  pending: boolean;
}

/** SPEC §2: 'Are you sure?', Cancel and Delete ('Deleting...' while pending). */
export function ConfirmDeleteDialog(props: ConfirmDialogProps) {
  return <ConfirmDialog {...props} confirm="Delete" confirming="Deleting..." variant="destructive" />;
}

/** 'Are you sure?' before a change to many things at once, with Cancel and the change's own words. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  description,
  pending,
  confirm,
  confirming,
  variant = 'primary',
  progress,
}: ConfirmDialogProps & {
  confirm: string;
  confirming: string;
  variant?: 'primary' | 'destructive';
  /** How far a long change has got, said as it goes (to screen readers too). */
  progress?: string | undefined;
}) {
  useBackCloses(open, () => {
    onCancel();
    return true;
  });
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-[500px] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-xl font-bold">Are you sure?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{description}</AlertDialog.Description>
          <p role="status" className="mt-2 text-sm font-medium text-slate-900 empty:hidden">
            {progress}
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              variant={variant}
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {pending ? confirming : confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
