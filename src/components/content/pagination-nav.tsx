export function PaginationNav({
  page,
  totalPages,
  prev,
  next,
  label,
}: {
  page: number;
  totalPages: number;
  prev: string | undefined;
  next: string | undefined;
  label: string;
}) {
  if (totalPages <= 1) return null;
  const linkClass = 'inline-flex h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium hover:bg-slate-100';
  return (
    <nav aria-label={label} className="mt-10 flex items-center justify-between gap-4 print:hidden">
      {prev ? (
        <a rel="prev" href={prev} className={linkClass}>
          ← Newer
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {totalPages}
      </p>
      {next ? (
        <a rel="next" href={next} className={linkClass}>
          Older →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
