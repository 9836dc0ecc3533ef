declare namespace App {
  interface Locals {
    /** Set by src/server/main.ts per request and echoed as X-Request-Id. */
    requestId: string;
    /** The signed-in administrator, when the request carries a valid session. */
    auth: import('./server/http/authenticate.ts').Authentication | null;
    /** Booking pages this page may show in its frame (their origins go into frame-src). */
    frameSources: string[];
    /** What an API write did, noted by its endpoint; recorded in the activity log once it succeeded. */
    activity?: import('./core/activity/activity-recorder.ts').ActivityNote[];
    /** A create sent with an Idempotency-Key: the id its item takes, the same for every retry (022's addendum). */
    createdId?: string;
    /** An item page whose item is not on the site: the not-found page it is rewritten to says which kind. */
    missingItem?: import('./components/not-found.tsx').MissingItem;
  }
}
