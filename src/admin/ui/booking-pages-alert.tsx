import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';
import type { ClubEvent } from '../types.ts';
import { AdminLink } from './admin-link.tsx';

/**
 * Events still to come whose booking page answered 'not found' when it was last asked (when its
 * address was saved, and daily since: docs/decisions/082): parents cannot book them.
 */
export function BookingPagesAlert({ upcoming }: { upcoming: ClubEvent[] }) {
  const missing = upcoming.filter((event) => event.bookingPage === 'missing');
  if (missing.length === 0) return null;
  return (
    <section
      aria-label="Booking pages not found"
      className="mb-6 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      {missing.map((event) => (
        <p key={event.id}>
          {`The booking page of ${event.name} answered 'not found' when it was last asked: parents cannot book. Check its link on `}
          <AdminLink href={ADMIN_SCREENS.events.href} className="font-semibold underline">
            Manage Events
          </AdminLink>
          .
        </p>
      ))}
    </section>
  );
}
