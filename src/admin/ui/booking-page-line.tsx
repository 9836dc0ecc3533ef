import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOOKING_PAGE_NOTES } from '../../core/events/events.schema.ts';
import { apiRequest, errorMessage } from '../api.ts';
import type { ClubEvent } from '../types.ts';
import { Button } from './button.tsx';
import { LIST_URLS } from '../list-urls.ts';

/**
 * What an event's booking page said when last asked, under its link on the event's card, with
 * 'Ask again' when it answered 'not found': once the page is put right, the committee sees so now
 * rather than after the next daily asking (docs/decisions/084). The answer stays written where
 * the volunteer looked, also once the line above it has gone.
 */
export function BookingPageLine({ event }: { event: Pick<ClubEvent, 'id' | 'name' | 'bookingPage'> }) {
  const queryClient = useQueryClient();
  const ask = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', `/api/admin/events/${event.id}/booking-page`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [LIST_URLS.events] }),
  });
  const note = event.bookingPage && BOOKING_PAGE_NOTES[event.bookingPage];
  const answer = ask.isError ? `The booking page could not be asked: ${errorMessage(ask.error)}` : ask.data?.message;
  return (
    <>
      {note && <p className={`mt-1 text-sm ${event.bookingPage === 'missing' ? 'text-red-700' : 'text-slate-600'}`}>{note}</p>}
      {event.bookingPage === 'missing' && (
        <Button
          variant="secondary"
          className="mt-2"
          aria-label={`${ask.isPending ? 'Asking' : 'Ask again'}: the booking page of ${event.name}`}
          disabled={ask.isPending}
          onClick={() => ask.mutate()}
        >
          {ask.isPending ? 'Asking' : 'Ask again'}
        </Button>
      )}
      <p role="status" className={`text-sm ${answer ? 'mt-1' : ''} ${ask.isError ? 'text-red-700' : 'text-slate-700'}`}>
        {answer}
      </p>
    </>
  );
}
