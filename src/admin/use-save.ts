import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { notify } from '../components/ui/notices.ts';
import { ApiError, apiCall, errorMessage } from './api.ts';

interface SaveOptions<TInput> {
  method: 'POST' | 'PUT' | 'DELETE';
  url: (input: TInput) => string;
  body?: (input: TInput) => unknown;
  /** SPEC §8's success text, shown under the title 'Success' (or words for this input). */
  success: string | ((input: TInput) => string);
  /** SPEC §8's failure text; the error is appended after a colon unless `bare`. */
  failure: string;
  bare?: boolean;
  /** Query keys (URLs) to refresh after success. */
  refresh: string[];
  /** `etag`: the version the saved item has now, when the answer says; `body`: the answer. */
  onSuccess?: (input: TInput, etag: string | null, body: unknown) => void;
  /**
   * Offers 'Undo' in the success notice when it gives an action for this input (a delete: restore
   * it from Recently deleted; an edit: put back what was there), with words for screen readers;
   * null when this one cannot be undone.
   */
  undo?: (input: TInput) => { run: () => void; hint: string } | null;
  /** Headers for this call (an update's If-Match). */
  headers?: (input: TInput) => Record<string, string>;
  /** After the failure notice. */
  onError?: (error: Error, input: TInput) => void;
}

/**
 * One call of SPEC §7 with SPEC §8's notices; the caller keeps the form as typed on failure.
 * A second submit while one is on its way is ignored at once (a double tap lands before React
 * re-renders the button as disabled), and a create carries an Idempotency-Key that stays the same
 * until it succeeds, so even a repeat that gets through makes one item.
 */
export function useSave<TInput = void>(options: SaveOptions<TInput>) {
  const queryClient = useQueryClient();
  const sending = useRef(false);
  const key = useRef(crypto.randomUUID());
  const mutation = useMutation({
    mutationFn: (input: TInput) =>
      apiCall(options.method, options.url(input), options.body?.(input), {
        ...options.headers?.(input),
        ...(options.method === 'POST' ? { 'Idempotency-Key': key.current } : {}),
      }),
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: async (answer, input) => {
      key.current = crypto.randomUUID();
      const undo = options.undo?.(input);
      notify({
        title: 'Success',
        description: typeof options.success === 'string' ? options.success : options.success(input),
        ...(undo && { action: { label: 'Undo', altText: undo.hint, onAction: undo.run } }),
      });
      options.onSuccess?.(input, answer.etag, answer.body);
      await Promise.all(options.refresh.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    onError: (error, input) => {
      notify({
        title: 'Error',
        // A 412 says what happened and what to do, even where SPEC §8's text stands alone.
        description: options.bare && !isEditConflict(error) ? options.failure : `${options.failure}: ${errorMessage(error)}`,
        variant: 'destructive',
      });
      options.onError?.(error, input);
    },
  });
  const mutate = ((...args: Parameters<typeof mutation.mutate>) => {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(...args);
  }) as typeof mutation.mutate;
  return { ...mutation, mutate };
}

const isEditConflict = (error: Error) => error instanceof ApiError && error.status === 412;
