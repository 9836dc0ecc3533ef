import { Button } from './button.tsx';

/**
 * Edit and Delete for one item of a list; Copy where a new item may start from it (the next of a
 * regular event); and a link to its page on the site when it has one (to see it as parents do,
 * and to copy its address to share). The labels name the item for screen readers. Delete stays
 * last, away from the others.
 */
export function ItemActions({
  name,
  onEdit,
  onDelete,
  deleting = false,
  viewHref,
  onCopy,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
  viewHref?: string | undefined;
  onCopy?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {onCopy && (
        <Button variant="secondary" onClick={onCopy} aria-label={`Copy ${name}`}>
          Copy
        </Button>
      )}
      {viewHref && (
        <a
          href={viewHref}
          target="_blank"
          rel="noopener"
          aria-label={`View on site: ${name} (opens in a new tab)`}
          className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-blue-800 underline underline-offset-4 hover:bg-slate-100"
        >
          View on site
        </a>
      )}
      <Button variant="destructive" onClick={onDelete} disabled={deleting} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}
