import type { AnchorHTMLAttributes } from 'react';
import { useLocation } from 'wouter';
import { confirmDiscard, hasUnsavedChanges } from '../unsaved-changes.ts';

/** An in-app link that asks before leaving unsaved edits behind. */
export function AdminLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const [, navigate] = useLocation();
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        if (hasUnsavedChanges() && !confirmDiscard()) return;
        navigate(href);
      }}
      {...props}
    />
  );
}
