import { siteDescription } from '../../components/content/hero-text.ts';
import { APP_ICON_SIZE, TOUCH_ICON_SIZE } from '../../core/images/image-urls.ts';
import { accentOf } from '../../core/settings/accent-colour.ts';
import type { SiteSettings } from '../../core/settings/settings.schema.ts';
import { siteAppIcon, siteTouchIcon, type ClubLogo } from './club-logo.ts';

// The web app manifest (docs/decisions/100): what Android shows for the site once a parent adds it
// to the home screen. iOS reads the page's apple-touch-icon instead, and Safari opens the site as
// a page either way, since `display` is `browser`.

export const WEB_MANIFEST_TYPE = 'application/manifest+json';

const square = (size: number) => `${size}x${size}`;

export function webManifest(settings: Pick<SiteSettings, 'clubName' | 'tagline' | 'accentColor'>, logo: ClubLogo | null) {
  return {
    id: '/',
    name: settings.clubName,
    short_name: settings.clubName,
    description: siteDescription(settings),
    lang: 'en-GB',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    // A page in the browser, with its address bar, back button and share menu: parents pass links
    // on and open booking pages from it. `standalone` would hide all three (iOS too, since 16.4).
    display: 'browser',
    background_color: '#ffffff',
    theme_color: accentOf(settings.accentColor),
    icons: [
      { src: siteTouchIcon(logo), sizes: square(TOUCH_ICON_SIZE), type: 'image/png', purpose: 'any' },
      { src: siteAppIcon(logo), sizes: square(APP_ICON_SIZE), type: 'image/png', purpose: 'any' },
    ],
  };
}
