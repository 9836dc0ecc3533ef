/** Lets the page being rendered frame these events' booking pages (its Content-Security-Policy names their origins). */
export function allowBookingFrames(locals: App.Locals, events: { bookingUrl: string; past?: boolean }[]): void {
  for (const event of events) if (!event.past) locals.frameSources.push(event.bookingUrl);
}
