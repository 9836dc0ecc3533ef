import type { EventView } from '../../server/views/views.ts';

const SIZES = {
  large: { leaf: 'w-24 rounded-lg bg-white shadow-sm', month: 'py-1 text-sm', day: 'py-2 text-4xl' },
  small: { leaf: 'w-16 self-start rounded-md border border-slate-200', month: 'py-0.5 text-xs', day: 'py-1 text-2xl' },
} as const;

/** An event's date as a calendar leaf: the month on the accent colour, the day below (decorative). */
export function CalendarLeaf({ badge, size }: { badge: EventView['badge']; size: keyof typeof SIZES }) {
  const classes = SIZES[size];
  return (
    <div aria-hidden="true" className={`shrink-0 overflow-hidden text-center ${classes.leaf}`}>
      <p className={`bg-accent font-semibold uppercase tracking-wide text-white ${classes.month}`}>{badge.month}</p>
      <p className={`font-bold text-slate-900 ${classes.day}`}>{badge.day}</p>
    </div>
  );
}
