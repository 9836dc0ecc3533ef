import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { GivenPasswordExpiredError, InvalidCredentialsError, type SessionAdmin, TwoStepCodeError } from '../../core/auth/auth.service.ts';
import { LockedOutError } from '../../core/auth/guesses.ts';
import { TooManyChangesError } from '../../core/auth/write-budget.ts';
import { DailyLimitError } from '../../core/activity/daily-limits.ts';
import { BACKUP_NOT_WRITTEN, BackupNotWrittenError } from '../../core/backup/archive-format.ts';
import { BusyError } from '../../core/shared/limiter.ts';
import { getContext, type AppContext } from '../../core/context.ts';
import { damageIn } from '../../core/db/damage.ts';
import { FolderNotAnsweringError, folderNotAnsweringMessage } from '../../core/disk/folder-gate.ts';
import {
  DATABASE_DAMAGED,
  DATABASE_UNAVAILABLE,
  DATABASE_READ_ONLY,
  DISK_FULL,
  DISK_UNWRITABLE,
  isDatabaseUnavailable,
  isDatabaseReadOnly,
  isDiskFull,
  isDiskUnwritable,
  isTransientConflict,
  SAVED_AT_ONCE,
  isUniqueViolation,
  isUnstorableText,
} from '../../core/db/errors.ts';
import { ImageReaderStoppedError, ImageRejectedError } from '../../core/images/pipeline.ts';
import { StorageUnavailableError, StorageUnreadableError } from '../../core/images/storage.ts';
import { ConflictError, EditConflictError, NotFoundError, ValidationError } from '../../core/shared/errors.ts';
import { versionTag } from '../../core/shared/edit-version.ts';
import { ID_PATTERN } from '../../core/shared/ids.ts';
import type { PasswordProof } from '../../core/admins/admin-changes.ts';
import { clientAddress } from './client-address.ts';
import { loggedPath } from './areas.ts';
import { recordNotedActivity } from './activity.ts';
import { spendOnChange } from './write-budget.ts';
import { readJson, readQuery } from './body.ts';
import { HttpError, unauthorized } from './errors.ts';
import { errorJson } from './responses.ts';

/**
 * What an API operation takes and answers, declared once beside its handler: the handler gets
 * the body parsed by `body`, and the OpenAPI document (src/server/openapi.ts) is made from these.
 * Whether it needs an administrator is the path's business (areas.ts).
 */
export interface Operation<Body extends z.ZodType | undefined = z.ZodType | undefined> {
  summary: string;
  /** A JSON body, parsed and validated before the handler runs (400 with field messages otherwise). */
  body?: Body;
  /** Instead of a body (a GET): the query string's parameters, parsed and validated alike; a z.object of strings. */
  query?: Body;
  response?: z.ZodType;
  /** The success status, when not 200; the handler answers 200 and this replaces it. */
  status?: number;
  /** A multipart/form-data upload (field "image"), read by the handler. */
  multipart?: boolean;
  /** A raw image body, read by the handler. */
  raw?: boolean;
  /** A create that honours an Idempotency-Key header: the same request again gets the first answer. */
  idempotent?: boolean;
  /** An update that honours If-Match (the item's version, docs/decisions/033): 412 if the item changed since. */
  versioned?: boolean;
  /**
   * A write that costs nothing from the administrator's budget of changes (docs/decisions/059):
   * what the owner of an account a script has drained needs (signing out, a new password), each
   * limited otherwise.
   */
  free?: boolean;
}

type Input<Body> = Body extends z.ZodType ? z.output<Body> : undefined;
type Handler<Body> = (context: APIContext, app: AppContext, input: Input<Body>) => Response | Promise<Response>;

/** An endpoint with its operation attached, for the OpenAPI document. */
export type DescribedRoute = APIRoute & { readonly operation: Operation };

/**
 * Wraps an endpoint: hands it the application context and its parsed body, and turns every
 * thrown error into the API's JSON error answer. Unexpected errors are logged with the request
 * id and never leak details.
 */
export function endpoint<Body extends z.ZodType | undefined = undefined>(
  operation: Operation<Body>,
  handler: Handler<Body>,
): DescribedRoute {
  const route: APIRoute = async (context) => {
    const app = await getContext();
    const run = async () => {
      const body = operation.body ? await readJson(context.request, operation.body) : null;
      const input = (body ? body.value : operation.query ? readQuery(context.url, operation.query) : undefined) as Input<Body>;
      if (!operation.free) await spendOnChange(app, context, body?.bytes ?? 0);
      const response = await handler(context, app, input);
      if (response.ok) await recordNotedActivity(app, context);
      // The operation's success status is declared once, with it: handlers answer a plain 200.
      return operation.status && response.status === 200
        ? new Response(response.body, { status: operation.status, headers: response.headers })
        : response;
    };
    try {
      const key = operation.idempotent ? idempotencyKey(context) : null;
      return key ? await once(app, context, key, run) : await run();
    } catch (error) {
      return toErrorResponse(error, app, context);
    }
  };
  return Object.assign(route, { operation });
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's Idempotency-Key, scoped to the signed-in administrator; null without one. */
function idempotencyKey(context: APIContext): string | null {
  const header = context.request.headers.get('idempotency-key');
  if (header === null) return null;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new ValidationError({ 'Idempotency-Key': 'Idempotency-Key must be 8 to 100 letters, digits, - or _' });
  }
  return `${requireAdmin(context).id}:${header}`;
}

/** Runs a create once per key: a repeat gets the first answer, marked Idempotent-Replayed. */
async function once(app: AppContext, context: APIContext, key: string, run: () => Promise<Response>): Promise<Response> {
  const request = app.idempotency.fingerprint(context.request.method, context.url.pathname, await context.request.clone().text());
  const earlier = await app.idempotency.claim(key, request);
  if (earlier) {
    return new Response(earlier.body, {
      status: earlier.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Idempotent-Replayed': 'true' },
    });
  }
  // The item this create makes takes an id of the key's: a retry after any failure makes no second one.
  context.locals.createdId = app.idempotency.itemIdFor(key);
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await app.idempotency.release(key);
    throw error;
  }
  if (response.ok) await app.idempotency.complete(key, { status: response.status, body: await response.clone().text() });
  else await app.idempotency.release(key);
  return response;
}

export function toErrorResponse(error: unknown, app: AppContext, context: APIContext): Response {
  if (error instanceof HttpError) return errorJson(error.status, error.message, error.errors, error.headers);
  if (error instanceof ValidationError) return errorJson(400, error.message, error.errors);
  if (error instanceof NotFoundError) return errorJson(404, error.message);
  if (error instanceof ImageRejectedError) return errorJson(error.status, error.message);
  if (error instanceof ConflictError) return errorJson(409, error.message);
  if (error instanceof EditConflictError) return errorJson(412, error.message, undefined, { ETag: versionTag(error.currentVersion) });
  if (error instanceof InvalidCredentialsError || error instanceof GivenPasswordExpiredError) return errorJson(401, error.message);
  if (error instanceof TwoStepCodeError) return errorJson(401, error.message, { code: error.message });
  if (error instanceof LockedOutError || error instanceof TooManyChangesError || error instanceof DailyLimitError) {
    return errorJson(429, error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) });
  }
  if (error instanceof ImageReaderStoppedError)
    app.log.warn({ err: error, requestId: context.locals.requestId }, 'the HEIC reader was stopped');
  if (error instanceof BusyError) {
    return errorJson(503, error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) });
  }
  if (error instanceof StorageUnavailableError) {
    app.log.warn({ err: error, requestId: context.locals.requestId }, 'image storage is not writable');
    return errorJson(503, error.message, undefined, { 'Retry-After': '60' });
  }
  if (error instanceof FolderNotAnsweringError) {
    app.log.error({ err: error, requestId: context.locals.requestId }, 'a folder of the server does not answer');
    return errorJson(503, folderNotAnsweringMessage(error, app.config.backup.dir), undefined, { 'Retry-After': '300' });
  }
  if (error instanceof BackupNotWrittenError) {
    app.log.error({ err: error, requestId: context.locals.requestId }, 'a backup could not be written');
    return errorJson(503, BACKUP_NOT_WRITTEN, undefined, { 'Retry-After': '300' });
  }
  const damage = damageIn(error);
  if (damage) {
    // Noted (and logged with what to do) once; each request that meets it again is a warning.
    app.damage.note(damage);
    app.log.warn({ err: error, requestId: context.locals.requestId, path: loggedPath(context.url.pathname) }, 'the database is damaged');
    return errorJson(503, DATABASE_DAMAGED);
  }
  if (error instanceof StorageUnreadableError) {
    app.log.warn({ err: error, requestId: context.locals.requestId }, 'image storage could not be read');
    return errorJson(503, error.message, undefined, { 'Retry-After': '60' });
  }
  if (isUniqueViolation(error)) return errorJson(409, 'That already exists: somebody saved the same thing a moment ago.');
  if (isUnstorableText(error))
    return errorJson(400, 'The request contains characters that cannot be stored. Please remove invisible control characters.');
  const log = { err: error, requestId: context.locals.requestId, path: loggedPath(context.url.pathname) };
  if (isTransientConflict(error)) {
    app.log.warn(log, 'a write met another in a deadlock, again and again');
    return errorJson(503, SAVED_AT_ONCE, undefined, { 'Retry-After': '1' });
  }
  const refusal = WRITES_REFUSED.find((candidate) => candidate.is(error));
  if (refusal) {
    app.log.error(log, refusal.logged);
    return errorJson(503, refusal.message, undefined, { 'Retry-After': '300' });
  }
  if (isDatabaseUnavailable(error)) {
    app.log.warn(log, 'the database is unavailable');
    return errorJson(503, DATABASE_UNAVAILABLE, undefined, { 'Retry-After': '30' });
  }
  app.log.error(log, 'request failed');
  return errorJson(500, INTERNAL_ERROR);
}

/**
 * The database answers but takes no writes until someone acts (docs/decisions/131): each said in
 * words to the volunteer, and logged as an error for whoever runs the site. Checked in this order.
 */
const WRITES_REFUSED = [
  { is: isDiskFull, message: DISK_FULL, logged: 'the database disk is full' },
  { is: isDatabaseReadOnly, message: DATABASE_READ_ONLY, logged: 'the database is read-only' },
  { is: isDiskUnwritable, message: DISK_UNWRITABLE, logged: 'the database disk cannot be written to' },
];

const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/** The signed-in administrator; the middleware has already answered 401 where there is none. */
export function requireAdmin(context: APIContext): SessionAdmin {
  const admin = context.locals.auth?.admin;
  if (!admin) throw unauthorized();
  return admin;
}

/** An id from the path; anything not shaped like one of ours is simply not found. */
/** The signed-in administrator's own password, sent for a change that asks for it again (047), with who and from where. */
export function passwordProof(context: APIContext, app: AppContext, currentPassword: string): PasswordProof {
  return { adminId: requireAdmin(context).id, currentPassword, clientAddress: clientAddress(context, app.config.trustProxy) };
}

export function pathId(context: APIContext, what: string): string {
  const id = context.params.id ?? '';
  if (!ID_PATTERN.test(id)) throw new HttpError(404, `${what} not found`);
  return id;
}
