import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingText } from './admin-page.tsx';

interface ListStateProps<T> {
  query: UseQueryResult<T[]>;
  /** SPEC §2's loading text, e.g. 'Loading news items...'. */
  loading: string;
  failure: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** SPEC §4: each admin list screen is loading, then the list or its empty state. */
export function ListState<T>({ query, loading, failure, empty, children }: ListStateProps<T>) {
  if (query.isLoading) return <LoadingText>{loading}</LoadingText>;
  if (query.isError) return <p role="alert">{`${failure}: ${query.error.message}`}</p>;
  const items = query.data ?? [];
  if (items.length === 0) return <>{empty}</>;
  return <>{children(items)}</>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">{children}</div>;
}
