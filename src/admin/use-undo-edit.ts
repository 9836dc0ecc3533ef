import { useRef } from 'react';
import { useSave } from './use-save.ts';

/** What 'Undo' after an edit does, for screen readers. */
const UNDO_EDIT_HINT = 'Put back what was there before this change';
export const EDIT_UNDONE = 'The change was undone: it is back as it was.';
export const EDIT_NOT_UNDONE = 'Failed to undo the change';

interface UndoEditOptions<TBefore> {
  /** Where the item is saved (PUT), given its id. */
  url: (id: string) => string;
  /** The body that puts the item back as it was. */
  body: (before: TBefore) => unknown;
  /** The If-Match of the version the edit just saved (the edit form's), so that a change made since by someone else is not undone blindly. */
  headers: (id: string) => Record<string, string>;
  refresh: string[];
  onSuccess?: (id: string, before: TBefore, etag: string | null) => void;
  onError?: (error: Error, id: string) => void;
}

/**
 * 'Undo' in an edit's success notice, as deletes have: a wrong tap on a phone ('Update' after the
 * editor swallowed a paragraph, a page emptied by mistake) is put back with one more tap. The item
 * as it was is taken before the save (`remember`) and saved again with the version the edit made.
 */
export function useUndoEdit<TBefore>(options: UndoEditOptions<TBefore>) {
  const before = useRef(new Map<string, TBefore>());
  const revert = useSave<{ id: string; before: TBefore }>({
    method: 'PUT',
    url: ({ id }) => options.url(id),
    body: ({ before: item }) => options.body(item),
    headers: ({ id }) => options.headers(id),
    success: EDIT_UNDONE,
    failure: EDIT_NOT_UNDONE,
    refresh: options.refresh,
    onSuccess: ({ id, before: item }, etag) => options.onSuccess?.(id, item, etag),
    onError: (error, { id }) => options.onError?.(error, id),
  });
  return {
    /** The item as it is before an edit of it is sent. */
    remember: (id: string, item: TBefore | undefined) => {
      if (item === undefined) before.current.delete(id);
      else before.current.set(id, item);
    },
    /** For the edit's `undo`: the action that puts `id` back, or null when nothing was remembered. */
    offer: (id: string) => {
      const item = before.current.get(id);
      return item === undefined ? null : { run: () => revert.mutate({ id, before: item }), hint: UNDO_EDIT_HINT };
    },
  };
}
