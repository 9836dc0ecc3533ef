import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { versionInTag, versionTag } from '../core/shared/edit-version.ts';
import { ApiError, apiCall } from './api.ts';

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
  // The version known to be current, newer than the one the form was opened with: the one this
  // form just saved, or the one a 412 named.
  const latest = useRef<VersionedEdit | null>(null);
  return {
    headers: ({ id, version }: VersionedEdit): Record<string, string> => {
      const from = latest.current?.id === id ? latest.current.version : version;
      return from === '' ? {} : { 'If-Match': versionTag(from) };
    },
    /** After a save: a form that stays open (a page, the settings) saves next from this version. */
    saved: ({ id }: VersionedEdit, etag: string | null) => {
      const version = versionInTag(etag);
      latest.current = version === undefined ? null : { id, version };
    },
    failed: (error: Error, { id }: VersionedEdit) => {
      const version = error instanceof ApiError && error.status === 412 ? versionInTag(error.etag) : undefined;
      if (version === undefined) return;
      latest.current = { id, version };
      void queryClient.invalidateQueries({ queryKey: [listUrl] });
    },
    /** A form opened afresh starts from the version the list shows. */
    reset: () => {
      latest.current = null;
    },
  };
}

/** The version in a read's ETag; none (empty) sends no If-Match. */
export const versionOf = (etag: string | null): string => versionInTag(etag) ?? '';

/**
 * A single record (an information page, the settings) read with its version (the ETag), for a
 * form that saves it with If-Match. Its key sits under the record's URL, so that refreshing the
 * URL refreshes it too, and apart from a plain read of the same URL.
 */
export const useRecordWithVersion = <T>(url: string) =>
  useQuery({ queryKey: [url, 'with-version'], queryFn: () => apiCall<T>('GET', url) });
