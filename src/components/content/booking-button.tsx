import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { lazyOr } from '../lazy-or.ts';
import { forgetDialogLeftBehind } from '../use-back-closes.ts';

interface DialogProps {
  bookingUrl: string;
  eventName: string;
  pageMissing: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLAnchorElement | null>;
}

/** Without the dialog's code (a page older than the site, a dropped connection): the booking page in a new tab, as the plain link would. */
function OpenBookingPage({ bookingUrl, open, onOpenChange }: DialogProps) {
  useEffect(() => {
    if (!open) return;
    window.open(bookingUrl, '_blank', 'noopener,noreferrer');
    onOpenChange(false);
  }, [open, bookingUrl, onOpenChange]);
  return null;
}

const BookingDialog = lazyOr<DialogProps>(() => import('./booking-dialog.tsx').then((m) => m.BookingDialog), OpenBookingPage);
const isHttp = (url: string) => /^https?:\/\//i.test(url);
const BUTTON =
  'inline-flex h-11 items-center justify-center rounded-md bg-accent px-5 text-sm font-semibold text-white hover:bg-accent-strong';

/**
 * SPEC §4, the upcoming state of the booking control: 'Book Now' opens the booking page in a
 * sandboxed frame. Many booking sites refuse to be framed: one known to (`inFrame` false) opens
 * in a new tab, and the dialog always offers the page in a new tab too; before this island
 * hydrates the button is that link. The dialog's code loads on the first press, so it costs
 * nothing until a visitor wants to book.
 */
export function BookingButton({
  bookingUrl,
  eventName,
  inFrame = true,
  pageMissing = false,
}: {
  bookingUrl: string;
  eventName: string;
  inFrame?: boolean;
  /** The booking page answered 'not found' when last asked: the window says so (docs/decisions/088). */
  pageMissing?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLAnchorElement>(null);
  // Reloaded with the booking window open: its history entry is gone back over, else the next
  // Back would seem to do nothing (docs/decisions/115). Once for the page, whichever button is first.
  useEffect(() => forgetDialogLeftBehind({ all: true }), []);
  if (!isHttp(bookingUrl)) return null;
  // A booking page that forbids frames (asked when its address was saved, docs/decisions/082)
  // would show an empty window: it opens in a new tab straight away.
  if (!inFrame) {
    return (
      <a
        href={bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Book Now: ${eventName} (opens in a new tab)`}
        className={BUTTON}
      >
        Book Now
      </a>
    );
  }
  return (
    <>
      <a
        ref={button}
        href={bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
        role="button"
        aria-haspopup="dialog"
        aria-label={`Book Now: ${eventName}`}
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
        className={BUTTON}
      >
        Book Now
      </a>
      {wanted && (
        <Suspense fallback={null}>
          <BookingDialog
            bookingUrl={bookingUrl}
            eventName={eventName}
            pageMissing={pageMissing}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  );
}
