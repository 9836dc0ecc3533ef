import { useState } from 'react';
import { useLocation } from 'wouter';
import { useLogout } from '../use-logout.ts';
import { AdminLink } from './admin-link.tsx';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';

const SCREENS = Object.values(ADMIN_SCREENS);

/**
 * The admin's navigation on every screen: a sidebar on wide screens, a menu behind a button on
 * phones; the current screen is marked, with 'View site' and 'Logout' at the end.
 */
export function AdminNav() {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const links = (
    <ul className="flex flex-col gap-1">
      {SCREENS.map((screen) => {
        const current = location === screen.href;
        return (
          <li key={screen.href}>
            <AdminLink
              href={screen.href}
              aria-current={current ? 'page' : undefined}
              onClick={() => setOpen(false)}
              className={`flex min-h-11 items-center rounded-md px-3 text-sm ${current ? 'bg-blue-50 font-bold text-blue-900' : 'font-medium text-slate-800 hover:bg-slate-100'}`}
            >
              {screen.label}
            </AdminLink>
          </li>
        );
      })}
      <li className="mt-2 border-t border-slate-200 pt-2">
        <a href="/" className="flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100">
          View site
        </a>
      </li>
      <li>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          Logout
        </button>
      </li>
    </ul>
  );
  return (
    <nav
      aria-label="Admin"
      className="border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:h-screen lg:w-56 lg:shrink-0 lg:border-b-0 lg:border-r lg:p-4"
    >
      <div className="flex items-center justify-between px-4 py-2 lg:hidden">
        <span className="text-sm font-semibold text-slate-900">Admin</span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="admin-nav-links"
          onClick={() => setOpen((value) => !value)}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-100"
        >
          {open ? 'Close menu' : 'Menu'}
        </button>
      </div>
      <div id="admin-nav-links" className={`${open ? 'block' : 'hidden'} px-4 pb-3 lg:block lg:p-0`}>
        {links}
      </div>
    </nav>
  );
}
