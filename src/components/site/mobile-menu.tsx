import { useEffect, useRef, useState } from 'react';
import { NavItems } from './nav-links.tsx';

/** The small-screen navigation: a button that toggles the menu; Escape closes it and returns focus. */
export function MobileMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  // A fixed id, not useId(): there is one menu per page, and @astrojs/react 7 does not pass the
  // island's identifierPrefix to renderToString (experimentalDisableStreaming), so a server
  // useId() differs from the browser's and is not unique across islands.
  const panelId = 'site-menu-panel';
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
      >
        <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
        </svg>
      </button>
      <nav
        id={panelId}
        aria-label="Main"
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white shadow-md"
      >
        <ul className="flex flex-col px-4 py-2">
          <NavItems
            pathname={pathname}
            onNavigate={() => setOpen(false)}
            linkClass={(current) =>
              `block rounded-md px-3 py-3 text-base ${current ? 'bg-accent-soft font-semibold text-accent-strong' : 'text-slate-800 hover:bg-slate-100'}`
            }
          />
        </ul>
      </nav>
    </div>
  );
}
