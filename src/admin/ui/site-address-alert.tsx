import { createContext, useContext } from 'react';
import { isLoopbackHost } from '../../core/shared/addresses.ts';

/** The site's public address (PUBLIC_URL, or its localhost default), handed to the app by the page. */
export const PublicUrlContext = createContext('');

/**
 * PUBLIC_URL left out on a real host: every link the site gives out (the feeds, the calendar,
 * shared links) names localhost, while its pages look right. The volunteer reading the dashboard
 * from the real address is the first who can see it (docs/decisions/074).
 */
export function SiteAddressAlert() {
  const publicUrl = useContext(PublicUrlContext);
  if (!URL.canParse(publicUrl) || !isLoopbackHost(new URL(publicUrl).hostname) || isLoopbackHost(window.location.hostname)) return null;
  return (
    <div role="alert" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
      <p>
        {`The links this site gives out (the news feed, the calendar, shared links) start with ${publicUrl}, but you are using ${window.location.origin}. Tell whoever runs the server to set PUBLIC_URL to ${window.location.origin} and restart it.`}
      </p>
    </div>
  );
}
