import { Button } from '../ui/button.tsx';
import type { RestoredDraft } from './use-draft.ts';

/** At the top of a form whose unsaved typing was put back (use-draft.ts): what happened, and 'Discard'. */
export function DraftRestored({ draft }: { draft: RestoredDraft | null }) {
  if (!draft) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm"
    >
      <p className="text-slate-900">
        <strong>Draft restored.</strong> What you typed here and had not saved is back. Save it, or discard it to start again.
      </p>
      <Button variant="secondary" onClick={draft.discard}>
        Discard
      </Button>
    </div>
  );
}
