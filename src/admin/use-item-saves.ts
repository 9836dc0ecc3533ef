import { useQueryClient } from '@tanstack/react-query';
import type { TrashKind } from '../core/trash/trash.schema.ts';
import { draftKey, finishDraft } from './drafts.ts';
import { useEditVersion, type VersionedEdit } from './use-edit-version.ts';
import { useSave } from './use-save.ts';
import { useUndoEdit } from './use-undo-edit.ts';
import { RESTORE_HINT, useTrash } from './use-trash.ts';

interface ItemSavesOptions<TValues, TItem> {
  /** As SPEC §8 words it: 'news item', 'event'. */
  noun: string;
  /** e.g. /api/admin/news; items live at {adminUrl}/{id}. */
  adminUrl: string;
  /** The list to refresh (list-urls.ts). */
  listUrl: string;
  /** Where a deleted item waits 30 days ('Undo' in the notice restores it). */
  trashKind: TrashKind;
  toBody: (values: TValues) => Record<string, unknown>;
  /** An item of the list as the body that saves it as it is: what 'Undo' after an edit sends. */
  restoreBody: (item: TItem) => Record<string, unknown>;
  /** Closes the create dialog (fresh form next time), the edit dialog and the confirmation. */
  dialogs: { created: () => void; setEditing: (item: null) => void; setDeleting: (item: null) => void };
}

/** Create, update and delete of one kind of item, with SPEC §8's notices and the dialogs' resets. */
export function useItemSaves<TValues, TItem extends { id: string; imageUrl: string | null }>({
  noun,
  adminUrl,
  listUrl,
  trashKind,
  toBody,
  restoreBody,
  dialogs,
}: ItemSavesOptions<TValues, TItem>) {
  const queryClient = useQueryClient();
  const trash = useTrash(trashKind);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const create = useSave<TValues>({
    method: 'POST',
    url: () => adminUrl,
    body: toBody,
    success: `${Noun} created successfully`,
    failure: `Failed to create ${noun}`,
    refresh: [listUrl],
    onSuccess: () => {
      finishDraft(draftKey(trashKind, null));
      dialogs.created();
    },
  });
  const version = useEditVersion(listUrl);
  const undoEdit = useUndoEdit<TItem>({
    url: (id) => `${adminUrl}/${id}`,
    body: (item) => ({ id: item.id, ...restoreBody(item) }),
    // The version the edit saved: a change someone made since is not undone blindly (412).
    headers: (id) => version.headers({ id, version: '' }),
    refresh: [listUrl],
    onSuccess: (id, _item, etag) => version.saved({ id, version: '' }, etag),
    onError: (error, id) => version.failed(error, { id, version: '' }),
  });
  const update = useSave<TValues & VersionedEdit>({
    method: 'PUT',
    url: ({ id }) => `${adminUrl}/${id}`,
    // SPEC §7 sends the id in the body of an update too.
    body: (values) => ({ id: values.id, ...toBody(values) }),
    headers: version.headers,
    success: `${Noun} updated successfully`,
    failure: `Failed to update ${noun}`,
    refresh: [listUrl],
    onSuccess: (input, etag) => {
      finishDraft(draftKey(trashKind, input.id));
      version.saved(input, etag);
      dialogs.setEditing(null);
    },
    onError: version.failed,
    // A replaced image is kept a while for this (docs/decisions/050), so the whole edit can be undone.
    undo: (input) => undoEdit.offer(input.id),
  });
  const remove = useSave<string>({
    method: 'DELETE',
    url: (id) => `${adminUrl}/${id}`,
    success: `${Noun} deleted successfully`,
    failure: `Failed to delete ${noun}`,
    refresh: [listUrl, trash.deletedUrl],
    onSuccess: () => dialogs.setDeleting(null),
    undo: (id) => ({ run: () => trash.restore.mutate(id), hint: RESTORE_HINT }),
  });
  return {
    create,
    update: {
      ...update,
      // Opening a form starts from the version the list shows.
      reset: () => (version.reset(), update.reset()),
      mutate: (input: TValues & VersionedEdit) => {
        undoEdit.remember(
          input.id,
          queryClient.getQueryData<TItem[]>([listUrl])?.find((item) => item.id === input.id),
        );
        update.mutate(input);
      },
    },
    remove,
  };
}
