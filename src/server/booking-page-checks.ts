import type { Logger } from '../core/logger.ts';
import { DAY_MS } from '../core/shared/time.ts';

/**
 * Booking pages of the events to come are asked again at start and then daily (a page may forbid
 * frames, or go, after its address was saved: docs/decisions/082). When what one says changed,
 * `changed` clears the pages that show it, here and on the other instances. A round still
 * running is never started again beside itself.
 */
export function startBookingPageChecks(
  deps: { recheck: () => Promise<number>; changed: () => void; log: Logger },
  everyMs = DAY_MS,
): () => void {
  let running = false;
  const round = () => {
    if (running) return;
    running = true;
    deps
      .recheck()
      .then((count) => {
        if (count === 0) return;
        deps.log.info({ changed: count }, 'booking pages asked again: what some say has changed');
        deps.changed();
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'could not ask the booking pages again; tried again tomorrow');
        // The database may have gone mid-round, after some events kept what their page says now.
        deps.changed();
      })
      .finally(() => (running = false));
  };
  round();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
