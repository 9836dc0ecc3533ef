const PAGE_SIZE = 12;

export interface Pagination {
  page: number;
  totalPages: number;
  limit: number;
  offset: number;
  /** This page's own path: /news, /news?page=2. */
  path: string;
  prev: string | undefined;
  next: string | undefined;
}

/**
 * Reads ?page=N for a list of `total` items. Returns null for a page that does not exist
 * (not a whole number, below 1, or past the end), which the page answers with its 404.
 */
export function paginate(url: URL, total: number, pageSize = PAGE_SIZE): Pagination | null {
  const raw = url.searchParams.get('page');
  if (raw !== null && !/^[1-9]\d{0,5}$/.test(raw)) return null;
  const page = raw === null ? 1 : Number(raw);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (page > totalPages) return null;
  const link = (n: number) => (n === 1 ? url.pathname : `${url.pathname}?page=${n}`);
  return {
    page,
    totalPages,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    path: link(page),
    prev: page > 1 ? link(page - 1) : undefined,
    next: page < totalPages ? link(page + 1) : undefined,
  };
}
