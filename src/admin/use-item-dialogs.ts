import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { notify } from '../components/ui/notices.ts';

/** The query parameter of a link that opens one item's edit dialog (the activity log's 'Earlier versions'). */
export const EDIT_PARAMETER = 'edit';

/** The dialogs of a list screen: create (a fresh form each time), edit one item, delete one item. */
export function useItemDialogs<T>() {
  const [creating, setCreating] = useState(false);
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
    deleting,
    setDeleting,
  };
}

/**
 * `?edit={id}`: opens that item's edit dialog once the list has loaded, then drops the parameter
 * (so Back and a reload do not open it again). An item no longer on the list is said so.
 */
export function useEditFromLink<T extends { id: string }>(items: T[] | undefined, open: (item: T) => void, noun: string): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(EDIT_PARAMETER);
  useEffect(() => {
    if (!id || !items) return;
    const item = items.find((candidate) => candidate.id === id);
    if (item) open(item);
    else notify({ title: `That ${noun} is not on the site any more`, description: 'It may be under Recently deleted.' });
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
