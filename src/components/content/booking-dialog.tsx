import * as Dialog from '@radix-ui/react-dialog';
import { useState, type RefObject } from 'react';
import { useBackCloses } from '../use-back-closes.ts';

/** Said above the frame when the booking page answered 'not found' when last asked (docs/decisions/088). */
export const BOOKING_PAGE_MISSING =
  'When the club last checked, this booking page could not be found, and the club has been told. If it does not show below, try again later or ask the organiser.';

/** The booking dialog, loaded when a visitor first presses 'Book Now'. */
export function BookingDialog({
  bookingUrl,
  eventName,
  pageMissing,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  bookingUrl: string;
  eventName: string;
  pageMissing: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Book Now' opened it without being a Radix trigger: focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  // Back closes the window; within the booking page's own steps it first steps back there, as the
  // frame adds its entries after the window's (docs/decisions/114).
  useBackCloses(open, () => {
    onOpenChange(false);
    return true;
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        {/* One scroll only, the booking page's own: the dialog is a fixed 90% of the screen and
            the frame takes whatever its header leaves. */}
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 flex h-[90dvh] w-[90vw] max-w-[90vw] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-hidden rounded-lg bg-white p-4 shadow-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">Booking Page</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">External booking page displayed in a popup window</Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-slate-100" aria-label="Close">
              <span aria-hidden="true" className="text-2xl leading-none">
                ×
              </span>
            </Dialog.Close>
          </div>
          <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className="self-start text-sm font-medium text-accent underline">
            Open in a new tab
          </a>
          {pageMissing && (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">{BOOKING_PAGE_MISSING}</p>
          )}
          <BookingFrame bookingUrl={bookingUrl} eventName={eventName} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The booking page in its frame, with words over it until it has loaded: on a phone's slow
 * connection an empty white frame looks broken. Mounted with each opening, so it says so again.
 */
function BookingFrame({ bookingUrl, eventName }: { bookingUrl: string; eventName: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative min-h-0 flex-1">
      {!loaded && (
        <p role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center p-4 text-center text-slate-600">
          Loading the booking page...
        </p>
      )}
      <iframe
        src={bookingUrl}
        title={`Booking page for ${eventName}`}
        sandbox="allow-forms allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        onLoad={() => setLoaded(true)}
        className="h-full w-full rounded border border-slate-200"
      />
    </div>
  );
}
