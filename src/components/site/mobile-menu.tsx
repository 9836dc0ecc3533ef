import { useEffect, useRef } from 'react';
import { NavItems } from './nav-links.tsx';

/**
 * The small-screen navigation, a disclosure (`<details>`) so that it opens from the HTML alone: a
 * menu button that waited for its script did nothing for seconds on a slow phone, or for good
 * where the script failed (docs/decisions/091). The island hydrates at the first touch, key or
 * focus on it (client:ondemand, docs/decisions/123), so a page whose menu is never opened loads no
 * script for it. Once hydrated: Escape closes it and returns focus to the button, and a tap
 * outside or the focus moving out closes it. Left uncontrolled, so that the menu the touch opened
 * stays open as hydration finds it.
 */
export function MobileMenu({ pathname }: { pathname: string }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    // Escape with the focus outside the menu: Safari does not focus a summary that is clicked.
    const onKey = (event: KeyboardEvent) => closeOnEscape(details, event.key);
    const onPointer = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    // Tabbing on past the last link (a keyboard at 400 % zoom gets this layout): the open panel would
    // cover what takes the focus next.
    const onFocusOut = (event: FocusEvent) => {
      if (details.open && event.relatedTarget instanceof Node && !details.contains(event.relatedTarget)) details.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    details.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  return (
    // Escape inside the menu through React, which listens from the moment the island starts to
    // hydrate and hydrates at once for a key pressed meanwhile: the effect above comes later, and
    // an Escape pressed in between on a slow phone was lost.
    <details ref={detailsRef} className="group md:hidden" onKeyDown={(event) => closeOnEscape(detailsRef.current, event.key)}>
      <summary className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only group-open:hidden">Open menu</span>
        <span className="sr-only hidden group-open:inline">Close menu</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path className="group-open:hidden" d="M4 6h16M4 12h16M4 18h16" />
          <path className="hidden group-open:inline" d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <nav aria-label="Main" className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white shadow-md">
        <ul className="flex flex-col px-4 py-2">
          <NavItems
            pathname={pathname}
            onNavigate={() => {
              if (detailsRef.current) detailsRef.current.open = false;
            }}
            linkClass={(current) =>
              `block rounded-md px-3 py-3 text-base ${current ? 'bg-accent-soft font-semibold text-accent-strong' : 'text-slate-800 hover:bg-slate-100'}`
            }
          />
        </ul>
      </nav>
    </details>
  );
}

/** Escape closes the open menu and gives the focus back to its button. */
function closeOnEscape(details: HTMLDetailsElement | null, key: string): void {
  if (key !== 'Escape' || !details?.open) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}
