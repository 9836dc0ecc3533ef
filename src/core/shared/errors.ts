/** Domain errors: the HTTP layer turns each into its status code and JSON answer. */
export class DomainError extends Error {
  override name = 'DomainError';
}

export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
  constructor(what: string) {
    super(`${what} not found`);
  }
}

export class ValidationError extends DomainError {
  override name = 'ValidationError';
  readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>, message?: string) {
    super(message ?? summarise(errors));
    this.errors = errors;
  }
}

/** A rule of the domain refuses the operation (for example removing the last administrator). */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
}

/** One sentence per field message, for the top-level "message" of a 400 answer. */
export function summarise(errors: Record<string, string>): string {
  const messages = Object.values(errors);
  if (messages.length === 0) return 'The request is not valid.';
  return messages.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)).join(' ');
}
