import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { getContext } from './core/context.ts';
import { LOGIN_API, isAdminLoginPage, isAdminPage, isApi, loggedPath, openWithGivenPassword, requiresAdmin } from './server/http/areas.ts';
import { authenticate, isSameOriginWrite } from './server/http/authenticate.ts';
import { ping } from './core/db/connect.ts';
import { DATABASE_UNAVAILABLE } from './core/db/errors.ts';
import { toErrorResponse } from './server/http/endpoint.ts';
import { clientLeft, SITE_BUSY } from './server/http/responses.ts';
import { errorPageResponse } from './server/http/error-page.ts';
import { chooseOwnPasswordFirst, forbiddenOrigin, methodNotAllowed, unauthorized } from './server/http/errors.ts';
import { apiMethods } from './server/openapi.ts';
import { withoutIslandStyleElement } from './server/http/island-styles.ts';
import { cacheControlFor, inlineScriptHashes, securityHeaders, withBody, withHeaders, withPublicCaching } from './server/http/headers.ts';
import { isSiteImagePath } from './core/images/image-urls.ts';
import { AbandonedError, createLimiter, type Limiter } from './core/shared/limiter.ts';
import { SESSION_COOKIE } from './server/http/session-cookie.ts';
import { ADMIN_HOME_PAGE, ADMIN_SIGN_IN_PAGE, isSignInGuess, returnPathFromQuery, signInPageFor } from './core/shared/admin-screens.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;
const HOME_PAGE = '/';
const PAGE_FAILED = 'We could not show this page. Please try again in a moment.';
/** Pages, feeds, images and the admin screens are only read (main.ts hands HEAD on as GET). */
const READ_ONLY = ['GET', 'HEAD'];
/**
 * Reads that Astro renders (pages the cache does not hold, API reads, admin screens) go through
 * this: a few at a time, the rest waiting their turn, so that a flood of them (a forged cookie
 * skips the page cache) cannot hold Node's event loop for seconds while cached pages wait to be
 * read (docs/decisions/030). Writes (administrators only, bodies that may stream slowly), images
 * and /healthz do not.
 */
let renders: Limiter | undefined;
/**
 * Set while a request holds one of those turns. Astro renders the not-found page for a request
 * whose page answered 404 through this middleware again, inside the first call: asking for a
 * second turn there would wait for itself, and a flood of made-up addresses would stop the site.
 */
const holdingTurn = new AsyncLocalStorage<true>();
const HEALTH_CHECK = '/healthz';

export const onRequest = defineMiddleware(async (context, next) => {
  const incomingId = context.request.headers.get('x-request-id') ?? '';
  context.locals.requestId = REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
  context.locals.auth = null;
  context.locals.frameSources = [];
  const app = await getContext();
  const { pathname } = context.url;
  const publicUrl = app.config.publicUrl;

  let response: Response;
  // A page's bytes, read once and never decoded: the validator below hashes these rather than reading a copy.
  let page: Uint8Array<ArrayBuffer> | undefined;
  const gated = context.request.method === 'GET' && pathname !== HEALTH_CHECK && !isSiteImagePath(pathname) && !holdingTurn.getStore();
  try {
    renders ??= createLimiter(app.config.renders.concurrency, app.config.renders.queue, SITE_BUSY);
    // A client that hangs up while it waits leaves the queue unrendered: sending requests and
    // closing at once costs the server nothing (visitors the page cache had waiting for this
    // render are given another).
    ({ response, page } = gated ? await renders.run(() => holdingTurn.run(true, render), context.request.signal) : await render());
  } catch (error) {
    if (error instanceof AbandonedError) {
      app.log.info({ requestId: context.locals.requestId, path: loggedPath(pathname) }, 'client left before its turn; not rendered');
      return clientLeft();
    }
    response = toErrorResponse(error, app, context);
    // The API answers JSON; a page that failed answers a page.
    if (!isApi(pathname)) response = await asErrorPage(response, context.locals.requestId);
  }
  if (!isApi(pathname) && response.status >= 500 && !response.headers.get('content-type')) {
    // Astro caught a failure inside a component and answers an empty 500: say something useful.
    const databaseDown = await ping(app.db).then(
      () => false,
      () => true,
    );
    response = errorPageResponse(databaseDown ? 503 : 500, databaseDown ? DATABASE_UNAVAILABLE : PAGE_FAILED, context.locals.requestId);
  }

  // Read before HEAD and 304 answers drop the body, so that they carry the same policy as GET.
  let scriptHashes: string[] = [];
  page ??= await htmlOf(response);
  if (page) {
    page = withoutIslandStyleElement(page);
    scriptHashes = inlineScriptHashes(page);
  }
  const allowances = { scriptHashes, frameSources: context.locals.frameSources };
  // A page rendered for a signed-in administrator is theirs alone: no shared cache may keep it.
  const cacheControl = context.locals.auth && !isApi(pathname) ? 'private, no-store' : cacheControlFor(pathname, context.request.method);
  if (!cacheControl && !isSiteImagePath(pathname)) response = await withPublicCaching(context.request, response, page);
  else if (page) response = withBody(response, page);
  return withHeaders(response, {
    ...securityHeaders(context.url.protocol === 'https:' || publicUrl.startsWith('https:'), pathname, { allowances }),
    ...(cacheControl ? { 'Cache-Control': cacheControl } : {}),
    // Astro says text/html alone: the charset in the header is read before any byte of the page.
    ...(response.headers.get('content-type') === 'text/html' ? { 'Content-Type': 'text/html; charset=utf-8' } : {}),
    'X-Request-Id': context.locals.requestId,
  });

  /**
   * Astro renders a page's body as it is read (it streams), so the page is read here, within the
   * request's turn: otherwise the turn would cover the page's data and not the rendering.
   */
  async function render(): Promise<{ response: Response; page: Uint8Array<ArrayBuffer> | undefined }> {
    const response = await guard();
    return { response, page: await htmlOf(response) };
  }

  async function guard(): Promise<Response> {
    // Before anything else: Astro renders a page for any method, and answers a method an
    // endpoint lacks with the HTML not-found page (and a warning in the log for each).
    // Administrators' calls answer strangers nothing but 401, whatever the method.
    const { method } = context.request;
    const allowed = isApi(pathname) ? await apiMethods(context.routePattern) : READ_ONLY;
    const checkMethod = () => {
      if (allowed && !allowed.includes(method)) throw methodNotAllowed(method, allowed);
    };
    if (!requiresAdmin(pathname)) checkMethod();
    if (pathname === LOGIN_API) {
      // A browser posting the login form from another site is refused; scripts send no Origin.
      const origin = context.request.headers.get('origin');
      if (origin && !isSameOriginWrite(context.request, context.url, publicUrl)) throw forbiddenOrigin();
      return next();
    }
    if (requiresAdmin(pathname)) {
      const auth = await authenticate(context.request, context.cookies, app.auth);
      if (!auth) throw unauthorized();
      if (auth.via === 'cookie' && !isSameOriginWrite(context.request, context.url, publicUrl)) throw forbiddenOrigin();
      checkMethod();
      if (auth.admin.passwordGiven && !openWithGivenPassword(pathname)) throw chooseOwnPasswordFirst();
      context.locals.auth = auth;
      return next();
    }
    if (isAdminPage(pathname)) {
      if (isSignInGuess(pathname)) return context.redirect(ADMIN_SIGN_IN_PAGE + context.url.search, 301);
      // Screens are guarded on the server, before any admin HTML or data leaves it.
      const auth = await authenticate(context.request, context.cookies, app.auth);
      const isLogin = isAdminLoginPage(pathname);
      // Either way, the address asked for is kept, to go on to once signed in (docs/decisions/110).
      if (isLogin && auth) return context.redirect(returnPathFromQuery(context.url.search) ?? ADMIN_HOME_PAGE, 302);
      if (!isLogin && !auth) return context.redirect(signInPageFor(pathname + context.url.search), 302);
      context.locals.auth = auth;
      return next();
    }
    // A signed-in administrator sees the home page's first-run hint. Only that page, and only
    // with the session cookie, pays for the lookup (not every image the admin's browser loads);
    // the page cache never sees such requests.
    if (pathname === HOME_PAGE && context.cookies.has(SESSION_COOKIE)) {
      context.locals.auth = await authenticate(context.request, context.cookies, app.auth);
    }
    return next();
  }
});

async function htmlOf(response: Response): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!/^text\/html/.test(response.headers.get('content-type') ?? '') || !response.body) return undefined;
  return new Uint8Array(await response.arrayBuffer());
}

async function asErrorPage(answer: Response, requestId: string): Promise<Response> {
  const { message } = (await answer.json()) as { message: string };
  const text = answer.status === 500 ? PAGE_FAILED : message;
  const headers: Record<string, string> = {};
  for (const name of ['Retry-After', 'Allow']) {
    const value = answer.headers.get(name);
    if (value) headers[name] = value;
  }
  return errorPageResponse(answer.status, text, requestId, headers);
}
