/**
 * What the admin page shows until its app has started (Astro's fallback for a `client:only`
 * island, rendered on the server, replaced when the app mounts): 'Loading' after a moment, so a
 * phone on a slow connection does not look at a blank page, and, if the app has still not started
 * after a while, what to do (a script that did not arrive, a browser too old for it). Both appear
 * through CSS alone (`.admin-starting-soon` and `-late` in global.css), so they show even when no
 * script runs at all (docs/decisions/117).
 */
export const ADMIN_LOADING = 'Loading the admin area...';
export const ADMIN_NOT_STARTED =
  'This is taking longer than it should. On a slow connection, give it a little longer; otherwise reload the page. If it never opens, this browser may be too old for the admin area: update it, or use another one (a recent Chrome, Safari, Firefox or Edge).';

export function AdminStarting() {
  return (
    <main id="main" className="admin-starting mx-auto max-w-md px-4 py-24 text-center">
      <div role="status">
        <p className="admin-starting-soon text-lg font-medium text-slate-700">{ADMIN_LOADING}</p>
        <p className="admin-starting-late mt-6 text-slate-700">{ADMIN_NOT_STARTED}</p>
      </div>
    </main>
  );
}
