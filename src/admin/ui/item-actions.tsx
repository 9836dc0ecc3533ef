import { Button } from './button.tsx';

/**
 * Edit and Delete for one item of a list; Copy where a new item may start from it (the next of a
 * regular event); and a link to its page on the site when it has one (to see it as parents do,
 * and to copy its address to share), or to a preview of it before its day. The labels name the
 * item for screen readers. Delete stays last, away from the others.
 */
export function ItemActions({
  name,
  onEdit,
  onDelete,
  deleting = false,
  viewHref,
  previewHref,
  onCopy,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
  viewHref?: string | undefined;
  /** Its page as it will be, for an item not on the site yet (docs/decisions/106). */
  previewHref?: string | undefined;
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
      {viewHref && <NewTabLink href={viewHref} words="View on site" name={name} />}
      {previewHref && <NewTabLink href={previewHref} words="Preview" name={name} />}
      <Button variant="destructive" onClick={onDelete} disabled={deleting} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}

/**
 * A link, not a button: it goes somewhere and changes nothing. A new tab keeps the admin where it
 * was. Its name for screen readers starts with the visible words (WCAG's label-in-name).
 */
function NewTabLink({ href, words, name }: { href: string; words: string; name: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={`${words}: ${name} (opens in a new tab)`}
      className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-blue-800 underline underline-offset-4 hover:bg-slate-100"
    >
      {words}
    </a>
  );
}
