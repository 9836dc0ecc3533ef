/**
 * Above an administrator's preview of a news item written for later (docs/decisions/106): whose
 * eyes the page is for, when parents will see it, and the way back to change it.
 */
export function PreviewNotice({ dateLabel, backHref }: { dateLabel: string; backHref: string }) {
  return (
    // A note, not a heading: the item's title stays the page's first heading, as on its day.
    <aside
      aria-labelledby="preview-notice"
      className="mb-6 rounded-lg border-2 border-dashed border-amber-700 bg-amber-50 p-5 print:hidden"
    >
      <p id="preview-notice" className="text-lg font-bold text-amber-950">
        {`Preview: on the site from ${dateLabel}`}
      </p>
      <p className="mt-1 text-sm text-slate-800">
        Only administrators see this page until then. Parents who open its address before that day are told it may not be published yet.
      </p>
      <p className="mt-3 text-sm">
        <a className="font-semibold text-amber-950 underline" href={backHref}>
          Back to Manage News
        </a>
      </p>
    </aside>
  );
}
