import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { signInAgain } from './sign-in-again.ts';

const LOGIN_URL = '/api/admin/login';
const LOGOUT_URL = '/api/admin/logout';

/**
 * SPEC §8: any non-OK answer becomes an error whose message is the status, a colon, a space and
 * the server's message (its JSON `message`, else the body text, else the status text). The
 * server's field errors travel with it so that forms can show them next to their fields.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  readonly serverMessage: string;
  /** The answer's ETag: on a 412, the version the item has now. */
  readonly etag: string | null;
  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}, serverMessage = '', etag: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.serverMessage = serverMessage;
    this.etag = etag;
  }
}

/**
 * No answer at all: the connection is gone (a phone between masts, a school's patchy wi-fi) or
 * nothing came back in time. Browsers word it as "Failed to fetch" or "Load failed"; this says
 * what happened and what to do. Forms keep what was typed, so trying again loses nothing.
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** How long a call may take, body included, before the administrator is told and can try again. */
const ANSWER_WITHIN_MS = 30_000;
export const UNREACHABLE = 'The site could not be reached. Check your connection, then try again.';
export const NO_ANSWER = `The site did not answer within ${ANSWER_WITHIN_MS / 1000} seconds. Check your connection, then try again.`;

/** fetch and read the body within ANSWER_WITHIN_MS; no answer becomes a NetworkError in words. */
export async function fetchText(url: string, init: RequestInit): Promise<{ response: Response; text: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANSWER_WITHIN_MS);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { response, text: await response.text() };
  } catch {
    throw new NetworkError(controller.signal.aborted ? NO_ANSWER : UNREACHABLE);
  } finally {
    clearTimeout(timer);
  }
}

export function toApiError(response: Response, text: string): ApiError {
  let serverMessage = text;
  let fieldErrors: Record<string, string> = {};
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string') serverMessage = body.message;
    if (body.errors && typeof body.errors === 'object') fieldErrors = body.errors as Record<string, string>;
  } catch {
    // not JSON: the text is the message
  }
  return new ApiError(
    response.status,
    `${response.status}: ${serverMessage || response.statusText}`,
    fieldErrors,
    serverMessage,
    response.headers.get('etag'),
  );
}

let leaving = false;

/** An expired session sends the administrator back to the login screen, once. */
function onUnauthorized(url: string) {
  if (leaving || url === LOGIN_URL || window.location.pathname === '/admin') return;
  leaving = true;
  window.location.assign('/admin');
}

/**
 * SPEC §7's shared helper: JSON unless the body is form data, cookies always sent. The session
 * is the httpOnly cookie (docs/decisions/008), so no token is handled by scripts.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return (await apiCall<T>(method, url, body, headers)).body;
}

/** An answer with its ETag: a single record's version (docs/decisions/033). */
export interface WithVersion<T> {
  body: T;
  etag: string | null;
}

/** apiRequest, keeping the answer's ETag. */
export async function apiCall<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<WithVersion<T>> {
  const isForm = body instanceof FormData;
  const send = () =>
    fetchText(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? headers : { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
  let { response, text } = await send();
  // A save that meets an expired session asks to sign in again in place, then is sent again:
  // the form, and what was typed in it, stay on the screen. Reads go to the sign-in screen.
  if (response.status === 401 && method !== 'GET' && url !== LOGIN_URL && url !== LOGOUT_URL) {
    if (await signInAgain()) ({ response, text } = await send());
    if (!response.ok) throw toApiError(response, text);
  }
  if (response.status === 401) onUnauthorized(url);
  if (!response.ok) throw toApiError(response, text);
  return { body: (text ? JSON.parse(text) : undefined) as T, etag: response.headers.get('etag') };
}

/** Default reads: the first element of the query key is the URL. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', String(queryKey[0]));

/**
 * SPEC §9: no refetch interval, none on focus, data never stale, no retries. Calls go out even
 * when the browser believes it is offline (TanStack Query would otherwise hold them, silently,
 * with the button showing 'Saving...' until the signal came back): the administrator is told at
 * once, and saves again when ready.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const NO_FIELD_ERRORS: Record<string, string> = Object.freeze({});

/** The server's field errors of a failed call; the same object while the error is the same. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : NO_FIELD_ERRORS;
}
