import type { AppContext } from '../../core/context.ts';
import type { Logger } from '../../core/logger.ts';
import { APP_ICON_FILE, remoteDrawnUrl, TOUCH_ICON_FILE, variantUrl, type DrawnFile } from '../../core/images/image-urls.ts';
import type { StoredImage } from '../../core/images/images.service.ts';
import type { SiteSettings } from '../../core/settings/settings.schema.ts';
import { publicImageSrc } from './views.ts';
import { EMBLEM } from '../../components/site/emblem.ts';

export interface ClubLogo {
  /** The stored image, for link previews; null for a logo given by an address elsewhere. */
  stored: StoredImage | null;
  /** The logo as visitors load it (a stored image, or this site's copy of one given by address). */
  src: string;
  /** A small file of it: the header shows it at 40 px, and browsers at 16 to 48 (their icon). */
  small: string;
}

/** The club's logo from Settings, or null when none is set. */
export async function clubLogo(
  app: Pick<AppContext, 'images' | 'remoteImages'>,
  settings: Pick<SiteSettings, 'logoUrl'>,
): Promise<ClubLogo | null> {
  if (!settings.logoUrl) return null;
  const stored = (await app.images.describe([settings.logoUrl])).get(settings.logoUrl) ?? null;
  const src = publicImageSrc(app, settings.logoUrl);
  // The smallest stored width is plenty for both.
  const small = stored?.widths[0] ? variantUrl(stored.url, stored.widths[0]) : src;
  return { stored, src, small };
}

/** The icon browsers show in a tab, a bookmark or a feed reader: the club's logo once it has one. */
export function siteIcon(logo: ClubLogo | null): { href: string; type?: string } {
  if (!logo) return { href: EMBLEM.href, type: EMBLEM.type };
  return logo.small.endsWith('.webp') ? { href: logo.small, type: 'image/webp' } : { href: logo.small };
}

/**
 * The square PNG a phone puts on its home screen for the site (apple-touch-icon): drawn from the
 * club's logo (docs/decisions/094), else the emblem's.
 */
export function siteTouchIcon(logo: ClubLogo | null): string {
  return drawnFromLogo(logo, TOUCH_ICON_FILE) ?? EMBLEM.touchIcon;
}

/** The same drawn larger, for the web app manifest (docs/decisions/100). */
export function siteAppIcon(logo: ClubLogo | null): string {
  return drawnFromLogo(logo, APP_ICON_FILE) ?? EMBLEM.appIcon;
}

function drawnFromLogo(logo: ClubLogo | null, file: DrawnFile): string | null {
  if (logo?.stored) return `${logo.stored.url}/${file}`;
  return logo && remoteDrawnUrl(logo.src, file);
}

/**
 * Whether the picture a home-screen icon is asked of is the club's logo (`isLogo` is given the
 * logo's URL from Settings). Pages name no other picture's icon, and drawing one for every photo
 * a stranger lists would cost the server a PNG of each on its disk (docs/decisions/100). While
 * the database cannot answer, yes: pictures are served in an outage, as the cached pages need.
 */
export async function isClubLogo(
  app: { settings: Pick<AppContext['settings'], 'get'>; log: Logger },
  isLogo: (logoUrl: string) => boolean,
): Promise<boolean> {
  try {
    const { logoUrl } = await app.settings.get();
    return logoUrl !== null && isLogo(logoUrl);
  } catch (error) {
    app.log.warn({ err: error }, 'could not read which picture is the logo; its icon served');
    return true;
  }
}
