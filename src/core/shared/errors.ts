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

/**
 * An update made from an item as it was before someone else's change (the client sent the
 * version it started from, and the item has moved on): saving it would silently undo theirs.
 */
export class EditConflictError extends DomainError {
  override name = 'EditConflictError';
  /** The item's version now: sending it back replaces the other change knowingly. */
  readonly currentVersion: string;
  constructor(what: string, currentVersion: string) {
    super(
      `This ${what} was changed by someone else after you opened it. Save again to replace their changes, or close this form to see them.`,
    );
    this.currentVersion = currentVersion;
  }
}
