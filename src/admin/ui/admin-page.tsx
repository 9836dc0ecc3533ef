import { useEffect, type ReactNode } from 'react';
import { AdminLink } from './admin-link.tsx';
import { AdminNav } from './admin-nav.tsx';
import { ADMIN_HOME_PAGE } from '../../core/shared/admin-screens.ts';

interface AdminPageProps {
  title: string;
  /** The dashboard has no way back; every other screen does. */
  back?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminPage({ title, back = true, actions, children }: AdminPageProps) {
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);
  return (
    <div className="lg:flex">
      <AdminNav />
      <main id="main" className="mx-auto w-full min-w-0 max-w-5xl px-4 py-6 sm:py-10">
        {back && (
          <p className="mb-4">
            <AdminLink href={ADMIN_HOME_PAGE} className="text-sm font-medium text-blue-800 underline">
              Back to Dashboard
            </AdminLink>
          </p>
        )}
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">{title}</h1>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}

export function Card({ children, className = '', id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <section id={id} className={`rounded-lg border border-slate-200 bg-white p-5 shadow-sm ${className}`}>
      {children}
    </section>
  );
}

export function LoadingText({ children }: { children: string }) {
  return (
    <p role="status" className="text-slate-700">
      {children}
    </p>
  );
}
