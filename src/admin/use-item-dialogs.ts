import { useState } from 'react';

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
