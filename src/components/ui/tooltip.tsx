import { cloneElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';

/** SPEC §9: opens after 700 ms on hover (300 ms skip delay), at once on keyboard focus. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

// Shared by every tooltip of the page: when one closed less than the skip delay ago, the next
// opens without waiting.
let lastClosedAt = 0;

interface TriggerProps {
  'aria-describedby'?: string;
}

/**
 * The public site's tooltip: Radix's timing rules in a few lines, so that a page with a share
 * button stays inside its JavaScript budget (docs/decisions/007). Escape closes it.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (delay: number) => {
    clearTimeout(timer.current);
    if (delay === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  const onPointerEnter = () => show(Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') hide();
  };

  return (
    // Focus events bubble in React, so the wrapper hears the trigger's focus and blur.
    <span
      className="relative inline-flex"
      onPointerEnter={onPointerEnter}
      onPointerLeave={hide}
      onFocus={() => show(0)}
      onBlur={hide}
      onKeyDown={onKeyDown}
    >
      {cloneElement(children, open ? { 'aria-describedby': id } : {})}
      {open && (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute bottom-full left-1/2 z-50 mb-2 -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white shadow-md"
        >
          {label}
        </span>
      )}
    </span>
  );
}
