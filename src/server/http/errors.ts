import { CHOOSE_OWN_PASSWORD } from '../../core/admins/admins.schema.ts';

/** An answer other than success, with the JSON body {"message", "errors"?} that every API error uses. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, options: { errors?: Record<string, string>; headers?: Record<string, string> } = {}) {
    super(message);
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export const unauthorized = () => new HttpError(401, 'Please sign in as an administrator.');
export const chooseOwnPasswordFirst = () => new HttpError(403, CHOOSE_OWN_PASSWORD);
export const forbiddenOrigin = () => new HttpError(403, 'This request did not come from this site, so it was refused.');

/** A method the address does not take: pages are only read; each API call takes the methods it declares. */
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new HttpError(405, `This address does not take ${method.slice(0, 20)} requests; it answers ${allowed.join(', ')}.`, {
    headers: { Allow: allowed.join(', ') },
  });
