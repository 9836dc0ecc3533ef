import { getContext } from '../../core/context.ts';
import { clubLogo, type ClubLogo } from '../views/club-logo.ts';

/**
 * Browsers, feed readers and phones ask for /favicon.ico and /apple-touch-icon.png without reading
 * a page's <link>: sent on to the icon the pages name, asked again each time (it follows the
 * logo in Settings; docs/decisions/092, 094).
 */
export async function redirectToIcon(icon: (logo: ClubLogo | null) => string): Promise<Response> {
  const app = await getContext();
  const href = icon(await clubLogo(app, await app.settings.get()));
  return new Response(null, { status: 302, headers: { Location: href, 'Cache-Control': 'no-cache' } });
}
