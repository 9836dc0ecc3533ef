import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from './api.ts';

/** What an edit form's save carries: the item's id and the version the form was opened with. */
export interface VersionedEdit {
  id: string;
  version: string;
}

/**
 * An edit form's save names the version of the item it was opened with (If-Match), so that it
 * cannot silently undo a change someone else saved meanwhile: the server answers 412 with the
 * version the item has now (docs/decisions/033). The form keeps what was typed, the list behind
 * it shows their change, and saving the same form again replaces it, as the notice says.
 */
export function useEditVersion(listUrl: string) {
  const queryClient = useQueryClient();
  const replacing = useRef<VersionedEdit | null>(null);
  return {
    headers: ({ id, version }: VersionedEdit) => ({
      'If-Match': `"${replacing.current?.id === id ? replacing.current.version : version}"`,
    }),
    saved: () => {
      replacing.current = null;
    },
    failed: (error: Error, { id }: VersionedEdit) => {
      const current = error instanceof ApiError && error.status === 412 ? /^"(.*)"$/.exec(error.etag ?? '')?.[1] : undefined;
      if (current === undefined) return;
      replacing.current = { id, version: current };
      void queryClient.invalidateQueries({ queryKey: [listUrl] });
    },
    /** A form opened afresh starts from the version the list shows. */
    reset: () => {
      replacing.current = null;
    },
  };
}
