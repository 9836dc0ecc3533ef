// The admin's screens, in the order of the dashboard: the admin's navigation and the public
// home page's first-run hint (shown to a signed-in administrator) link to them.
import { isNewsPreviewPath } from './item-paths.ts';

export const ADMIN_SCREENS = {
  dashboard: { href: '/admin/dashboard', label: 'Dashboard' },
  news: { href: '/admin/news', label: 'News' },
  events: { href: '/admin/events', label: 'Events' },
  gallery: { href: '/admin/gallery', label: 'Gallery' },
  whoWeAre: { href: '/admin/who-we-are', label: 'Who We Are' },
  whatWeDo: { href: '/admin/what-we-do', label: 'What We Do' },
  settings: { href: '/admin/settings', label: 'Site Settings' },
  administrators: { href: '/admin/administrators', label: 'Administrators' },
  activity: { href: '/admin/activity', label: 'Activity' },
} as const;

/**
 * Where an administrator changes their own password: the card on the Administrators screen, which
 * /.well-known/change-password sends password managers to (docs/decisions/101).
 */
export const CHANGE_PASSWORD_ANCHOR = 'change-password';
export const CHANGE_PASSWORD_HREF = `${ADMIN_SCREENS.administrators.href}#${CHANGE_PASSWORD_ANCHOR}`;

/** The sign-in page (SPEC §1: the admin entry), and where a sign-in goes when nothing else was asked for. */
export const ADMIN_SIGN_IN_PAGE = '/admin';
export const ADMIN_HOME_PAGE = ADMIN_SCREENS.dashboard.href;

/**
 * Addresses volunteers try for the sign-in page, as most sites have one (`/admin/login`): sent to
 * the one there is, `/admin`, with their query (docs/decisions/116). Only under /admin: the public
 * site answers any other path with its not-found page (SPEC §1).
 */
const SIGN_IN_GUESSES = new Set(['login', 'log-in', 'logon', 'signin', 'sign-in', 'sign_in']);
export const isSignInGuess = (path: string): boolean =>
  path.startsWith(`${ADMIN_SIGN_IN_PAGE}/`) &&
  SIGN_IN_GUESSES.has(
    path
      .slice(ADMIN_SIGN_IN_PAGE.length + 1)
      .replace(/\/$/, '')
      .toLowerCase(),
  );

const SCREEN_PATHS: ReadonlySet<string> = new Set(Object.values(ADMIN_SCREENS).map((screen) => screen.href));
/**
 * A screen of the admin app (in any case, as its router matches them) or a page the server renders
 * for it (a news preview), trailing slash or not.
 */
export const isAdminAddress = (path: string): boolean => {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return SCREEN_PATHS.has(bare.toLowerCase()) || isNewsPreviewPath(bare);
};

/**
 * The sign-in page's parameter naming the admin address a signed-out visitor asked for, to go on
 * to once signed in (docs/decisions/110): a bookmarked screen, a shared `?edit=` link, a preview.
 */
const RETURN_PARAMETER = 'next';
const ORIGIN_FOR_PARSING = 'https://site.invalid';
const MAX_RETURN_LENGTH = 2000;

/** Where the guard sends a signed-out visitor who asked for `pathAndQuery` (an admin address). */
export function signInPageFor(pathAndQuery: string): string {
  const back = returnPathOf(pathAndQuery);
  return back && back !== ADMIN_HOME_PAGE ? `${ADMIN_SIGN_IN_PAGE}?${RETURN_PARAMETER}=${encodeURIComponent(back)}` : ADMIN_SIGN_IN_PAGE;
}

/** The address a sign-in page's query asks to go on to, or null. */
export const returnPathFromQuery = (search: string): string | null => returnPathOf(new URLSearchParams(search).get(RETURN_PARAMETER));

/**
 * `value` as an address of this site's admin to go to after sign-in, or null. Only a screen or a
 * preview of this site's admin: never another site (`//host`, `https:`, a backslash browsers read
 * as a slash), never the sign-in page itself, never a path that leaves /admin once its dots are
 * resolved, and never an address the admin does not have (a mistyped bookmark, `/admin/login`):
 * signing in and landing on 'Page Not Found' reads as a sign-in that failed, so those go to the
 * dashboard. Its fragment is dropped.
 */
export function returnPathOf(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_LENGTH || !value.startsWith(`${ADMIN_SIGN_IN_PAGE}/`)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN_FOR_PARSING);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN_FOR_PARSING || !isAdminAddress(url.pathname)) return null;
  return url.pathname + url.search;
}
