/**
 * Lets the page being rendered frame these events' booking pages (its Content-Security-Policy
 * names their origins): those still to come, unless the page forbids frames (it opens in a new tab).
 */
export function allowBookingFrames(
  locals: App.Locals,
  events: { booking: { bookingUrl: string; inFrame: boolean }; past?: boolean }[],
): void {
  for (const event of events) if (!event.past && event.booking.inFrame) locals.frameSources.push(event.booking.bookingUrl);
}
