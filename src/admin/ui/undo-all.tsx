import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { notify } from '../../components/ui/notices.ts';
import { apiRequest, errorMessage } from '../api.ts';
import { Button } from './button.tsx';
import { ConfirmDialog } from './dialog.tsx';

interface UndoAllProps {
  /** The call that does it, with `{ admin }` as its body; `countKey` names the count in its answer. */
  url: string;
  countKey: 'restored' | 'deleted' | 'putBack';
  adminId: string;
  /** What there is to do, as a sentence: 'alice deleted 3 items that can still be restored.' */
  said: string;
  button: string;
  /** The 'Are you sure?' words: what the tap will do. */
  description: string;
  confirm: string;
  confirming: string;
  /** The notice from the count the answer gives. */
  notice: (count: number) => string;
  /** What the failure notice starts with: 'Failed to restore'. */
  failure: string;
  variant?: 'primary' | 'destructive';
}

/**
 * One administrator's deletes put back, additions taken off, or edits put back, in one tap
 * (docs/decisions/051, 054, 058), after an 'Are you sure?'. Everything is read again after it:
 * the lists, the recently deleted and the log all change, and a failure half-way may have done some.
 */
export function UndoAll({
  url,
  countKey,
  adminId,
  said,
  button,
  description,
  confirm,
  confirming,
  notice,
  failure,
  variant = 'primary',
}: UndoAllProps) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  // How many items the calls so far changed: each call does at most BULK_STEP, and says what is left.
  const [done, setDone] = useState(0);
  const doneSoFar = useRef(0);
  const run = useMutation({
    mutationFn: async () => {
      let count = 0;
      let left = Infinity;
      for (;;) {
        const answer = await apiRequest<Record<typeof countKey | 'remaining', number>>('POST', url, { admin: adminId });
        count += answer[countKey];
        doneSoFar.current = count;
        setDone(count);
        // Done, or a call that changed nothing and left as much (someone else is doing the same): stop.
        if (answer.remaining === 0 || (answer[countKey] === 0 && answer.remaining >= left)) return count;
        left = answer.remaining;
      }
    },
    onMutate: () => {
      doneSoFar.current = 0;
      setDone(0);
    },
    onSuccess: (count) => notify({ title: 'Success', description: notice(count) }),
    onError: (error) => {
      const before = doneSoFar.current;
      const partly = before > 0 ? ` ${before} ${before === 1 ? 'item was' : 'items were'} done before that; tap again for the rest.` : '';
      notify({ title: 'Error', description: `${failure}: ${errorMessage(error)}${partly}`, variant: 'destructive' });
    },
    onSettled: () => {
      setAsking(false);
      return queryClient.invalidateQueries();
    },
  });
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-slate-800">{said}</p>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {button}
      </Button>
      <ConfirmDialog
        open={asking}
        onCancel={() => setAsking(false)}
        onConfirm={() => run.mutate()}
        pending={run.isPending}
        description={description}
        confirm={confirm}
        confirming={confirming}
        progress={run.isPending && done > 0 ? `${done} ${done === 1 ? 'item' : 'items'} done so far…` : undefined}
        variant={variant}
      />
    </div>
  );
}
