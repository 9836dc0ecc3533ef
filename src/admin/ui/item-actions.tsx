import { Button } from './button.tsx';

/** Edit and Delete for one item of a list; the labels name the item for screen readers. */
export function ItemActions({
  name,
  onEdit,
  onDelete,
  deleting = false,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button variant="destructive" onClick={onDelete} disabled={deleting} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}
