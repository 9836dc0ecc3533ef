import type { z } from 'zod';
import { summarise } from '../../core/shared/errors.ts';
import { controlCharactersMessage, hasControlCharacters } from '../../core/shared/fields.ts';
import { HttpError } from './errors.ts';
import { formatBytes } from '../../core/shared/bytes.ts';

const JSON_BODY_LIMIT = 1024 * 1024;

/** Reads at most `limit` bytes of the body, answering 413 past it, whatever Content-Length claims. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const tooLarge = () => new HttpError(413, `The request body is too large (the limit is ${formatBytes(limit)}).`);
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away, or the server cut off a stalled body (src/server/main.ts).
      throw new HttpError(400, 'The request body did not arrive completely. Please try again.');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Turns zod issues into {"field": "first message"} and a sentence that sums them up. */
function validationError(error: z.ZodError): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= field === '_' && issue.code === 'invalid_type' ? 'The request body must be a JSON object.' : issue.message;
  }
  return new HttpError(400, summarise(errors), { errors });
}

/**
 * Parses a JSON body with a payload schema: 415, 413 and 400 answers carry a message a person
 * understands. `bytes` is the body's size, for the administrator's budget of changes (059).
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<{ value: z.output<S>; bytes: number }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Please send the body as JSON, with the header Content-Type: application/json.');
  }
  const bytes = await readBodyBytes(request, JSON_BODY_LIMIT);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw validationError(parsed.error);
  const errors = controlCharacterErrors(parsed.data);
  if (Object.keys(errors).length > 0) throw new HttpError(400, summarise(errors), { errors });
  return { value: parsed.data, bytes: bytes.byteLength };
}

/** Parses a query string with a schema of its parameters (the last of a repeated one): 400 with field messages. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * A net under the field rules: whatever a schema lets through, no text with control
 * characters reaches the database (PostgreSQL refuses NUL with an error, not a 400).
 */
function controlCharacterErrors(value: unknown, path = '', errors: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) errors[path || '_'] = controlCharactersMessage(path || 'The request');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterErrors(item, path ? `${path}.${index}` : String(index), errors));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) controlCharacterErrors(item, path ? `${path}.${key}` : key, errors);
  }
  return errors;
}
