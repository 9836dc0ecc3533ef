import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { notify } from '../components/ui/notices.ts';
import { dialogToReopen, forgetDialogLeftBehind } from '../components/use-back-closes.ts';

/** The query parameter of a link that opens one item's edit dialog (the activity log's 'Earlier versions'). */
export const EDIT_PARAMETER = 'edit';

/**
 * The names under which a list screen's forms open again after a reload (docs/decisions/115):
 * the blank create form, an item's edit form, a copy of an item (events). Each keeps a draft.
 */
export const REOPEN = {
  create: 'create',
  edit: (id: string) => `edit:${id}`,
  copy: (id: string) => `copy:${id}`,
} as const;

/** The dialogs of a list screen: create (a fresh form each time), edit one item, delete one item. */
export function useItemDialogs<T extends { id: string }>() {
  // Reloaded with the create form open: it opens again at once, its draft put back.
  const [creating, setCreating] = useState(() => dialogToReopen() === REOPEN.create);
  const [createKey, setCreateKey] = useState(0);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    creating,
    setCreating,
    /** Changes with each successful create, so the next create form starts blank. */
    createKey,
    created: () => {
      setCreating(false);
      setCreateKey((key) => key + 1);
    },
    editing,
    setEditing,
    /** The edit form's name for a reload (FormDialog's `reopenAs`). */
    editingAs: editing ? REOPEN.edit(editing.id) : undefined,
    deleting,
    setDeleting,
  };
}

const sayGone = (noun: string) =>
  notify({ title: `That ${noun} is not on the site any more`, description: 'It may be under Recently deleted.' });

/**
 * `?edit={id}`: opens that item's edit dialog once the list has loaded, then drops the parameter
 * (so Back and a reload do not open it again). An item no longer on the list is said so. Also
 * opens it again after a reload with it open (`useItemFormAfterReload`).
 */
export function useEditFromLink<T extends { id: string }>(items: T[] | undefined, open: (item: T) => void, noun: string): void {
  useItemFormAfterReload(items, REOPEN.edit, open, noun);
  const [params, setParams] = useSearchParams();
  const id = params.get(EDIT_PARAMETER);
  useEffect(() => {
    if (!id || !items) return;
    const item = items.find((candidate) => candidate.id === id);
    if (item) open(item);
    else sayGone(noun);
    setParams(
      (previous) => {
        previous.delete(EDIT_PARAMETER);
        return previous;
      },
      { replace: true },
    );
    // Once per link: `open` is a new function on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, items]);
}

/**
 * Reloaded with an item's form open (`REOPEN.edit` or `REOPEN.copy`): opens it again once the
 * list has loaded, its draft put back. An item deleted since is said so, and the form's history
 * entry gone back over, so that Back leaves the screen as it would have without the form.
 */
export function useItemFormAfterReload<T extends { id: string }>(
  items: T[] | undefined,
  reopenAs: (id: string) => string,
  open: (item: T) => void,
  noun: string,
): void {
  const wanted = useRef(dialogToReopen());
  useEffect(() => {
    const name = wanted.current;
    const prefix = reopenAs('');
    if (!items || name === null || !name.startsWith(prefix)) return;
    // Once: the list is loaded again after every save.
    wanted.current = null;
    const item = items.find((candidate) => candidate.id === name.slice(prefix.length));
    if (item) open(item);
    else {
      sayGone(noun);
      forgetDialogLeftBehind({ all: true });
    }
    // Once the list has come: `open` and `reopenAs` are new functions on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);
}
