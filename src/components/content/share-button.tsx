import { useEffect, useState, useSyncExternalStore } from 'react';
import { notify } from '../ui/notices.ts';
import { Tooltip } from '../ui/tooltip.tsx';

const COPIED_RESET_MS = 2000;

// false in the server's HTML and while hydrating, true once the island runs (no store to follow).
const noChanges = () => () => {};
const hydrated = () => true;
const beforeHydration = () => false;

interface ShareButtonProps {
  /** The item's own page, absolute. */
  url: string;
  /** Already prefixed with the club's name. */
  title: string;
  /** Already cut to 150 characters. */
  text: string;
  /** What the button shares, for screen readers ("Share Summer Picnic"). */
  label: string;
}

/** SPEC §7: the browser's share sheet, else the link copied with the notice 'Link copied'. */
export function ShareButton({ url, title, text, label }: ShareButtonProps) {
  const [copied, setCopied] = useState(false);
  // Sharing needs the script: until the island has hydrated (or where scripts do not run) the button
  // keeps its place but is neither seen nor reachable, instead of a button that does nothing.
  const ready = useSyncExternalStore(noChanges, hydrated, beforeHydration);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function share() {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, text, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify({ title: 'Link copied', description: 'The link has been copied to your clipboard' });
    } catch (error) {
      // SPEC §8: a share error (including the visitor closing the sheet) is only logged.
      console.error('Share failed', error);
    }
  }

  return (
    <Tooltip label={copied ? 'Link copied' : 'Share'}>
      <button
        type="button"
        onClick={() => void share()}
        aria-label={label}
        data-copied={copied ? 'true' : undefined}
        className={`inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100${ready ? '' : ' invisible'}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {copied ? (
            <path d="M5 12l5 5L20 7" />
          ) : (
            <>
              <circle cx="18" cy="5" r="3" />
              <circle cx="6" cy="12" r="3" />
              <circle cx="18" cy="19" r="3" />
              <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
            </>
          )}
        </svg>
      </button>
    </Tooltip>
  );
}
