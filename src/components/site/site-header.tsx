import type { ReactNode } from 'react';
import { EMBLEM } from './emblem.ts';
import { NavItems } from './nav-links.tsx';

interface SiteHeaderProps {
  clubName: string;
  /** A small file of the club's logo; the built-in emblem when unset. */
  logoUrl: string | null;
  pathname: string;
  /** The small-screen menu, an island placed by the layout. */
  menu?: ReactNode;
}

export function SiteHeader({ clubName, logoUrl, pathname, menu }: SiteHeaderProps) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="/" className="flex min-w-0 items-center gap-2 text-lg font-bold text-slate-900">
          <img src={logoUrl ?? EMBLEM.href} alt="" width="40" height="40" className="h-10 w-10 shrink-0 rounded-full object-cover" />
          <span className="truncate">{clubName}</span>
          <span className="sr-only">, home page</span>
        </a>
        <nav aria-label="Main" className="hidden md:block print:hidden">
          <ul className="flex items-center gap-1">
            <NavItems
              pathname={pathname}
              linkClass={(current) =>
                `rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-accent-soft text-accent-strong underline underline-offset-4' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
              }
            />
          </ul>
        </nav>
        <div className="print:hidden">{menu}</div>
      </div>
    </header>
  );
}
