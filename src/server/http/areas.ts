// Which part of the site a path is in: one answer for the guard (src/middleware.ts), the
// Content-Security-Policy and Cache-Control (headers.ts) and the OpenAPI document's security.
// Paths may be OpenAPI templates ('/api/admin/news/{id}'): only prefixes and exact paths count.

import { ADMIN_SIGN_IN_PAGE } from '../../core/shared/admin-screens.ts';

export const LOGIN_API = '/api/admin/login';
/** The spec's news image flow puts two administrator calls outside /api/admin. */
const ADMIN_API_ELSEWHERE = new Set(['/api/objects/upload', '/api/news-images']);
/** One-time upload URLs (the news image flow's step 2): the URL is the credential. */
const UPLOAD_LINKS = '/api/objects';

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The admin app's screens, sign-in included. */
export const isAdminPage = (path: string) => within(path, ADMIN_SIGN_IN_PAGE);

export const isAdminLoginPage = (path: string) => path === ADMIN_SIGN_IN_PAGE || path === `${ADMIN_SIGN_IN_PAGE}/`;

/** API calls that need a signed-in administrator (the sign-in call itself does not). */
export const requiresAdmin = (path: string) => path !== LOGIN_API && (within(path, '/api/admin') || ADMIN_API_ELSEWHERE.has(path));

/**
 * What an administrator signed in with a password someone else set may call before choosing
 * their own (docs/decisions/079): who they are, the change itself, and signing out.
 */
const WITH_A_GIVEN_PASSWORD = new Set(['/api/admin/me', '/api/admin/password', '/api/admin/logout']);
export const openWithGivenPassword = (path: string) => WITH_A_GIVEN_PASSWORD.has(path);

export const isApi = (path: string) => within(path, '/api');

/**
 * API calls that write only who may sign in, their sessions, two-step and passwords, and the
 * backups: no public page shows any of it, so they leave the page cache alone (docs/decisions/149).
 * Only a path spelled plainly, as a URL parser leaves it: any other spelling counts as a write.
 */
const WRITES_NO_PAGE = /^\/api\/admin\/(?:login|logout|password|two-step|(?:administrators|backups)(?:\/[\w.-]+)*)$/;
export const writesNoPage = (path: string) => WRITES_NO_PAGE.test(path);

/** Characters of a path the log keeps; the site's own addresses are far shorter. */
export const LOGGED_PATH_CHARS = 300;

/**
 * A path as the log may keep it: an upload link's token (step 2 of the news image flow, good for
 * 15 minutes, and not used up by a refused file) would let whoever reads the log upload in the
 * volunteer's place, so it is left out. A path longer than LOGGED_PATH_CHARS is cut, with its
 * length said: a request line may be 16 KB, and a script sending such ones filled the log's disk
 * with 1.6 MB a second at the lines a second it keeps (docs/decisions/146).
 */
export const loggedPath = (path: string) => {
  const kept = path.startsWith(`${UPLOAD_LINKS}/`) && !ADMIN_API_ELSEWHERE.has(path) ? `${UPLOAD_LINKS}/(upload link)` : path;
  return kept.length <= LOGGED_PATH_CHARS ? kept : `${kept.slice(0, LOGGED_PATH_CHARS)}… (${kept.length} characters)`;
};

/** What no shared cache may keep: the admin's screens and calls, and upload links. */
export const isPrivate = (path: string) =>
  isAdminPage(path) || within(path, '/api/admin') || requiresAdmin(path) || within(path, UPLOAD_LINKS);
