/** SPEC §2 Events: 'Past Event', on visitors' cards and on the admin's, so a volunteer edits this year's fair and not last year's. */
export function PastEventBadge() {
  return (
    <p className="mb-1 inline-block rounded bg-slate-700 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
      Past Event
    </p>
  );
}
